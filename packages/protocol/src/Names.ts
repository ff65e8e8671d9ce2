import { Schema } from "effect"
import { DisplayName } from "./Games.js"
import { Instant, SeatHolder } from "./Ids.js"

/**
 * The organisers' register of display names (`/api/names`): how a seat holder is shown in every game created
 * after it is registered, wherever the game does not name the seat itself. Games record the names they were
 * created with; renaming someone leaves their earlier games as they were.
 */
export const RegisteredName = Schema.Struct({
  holder: SeatHolder,
  name: Schema.String,
  /** The organiser who set it (`organiser:<name>`). */
  setBy: Schema.String,
  setAt: Instant,
}).annotate({ identifier: "RegisteredName" })
export type RegisteredName = typeof RegisteredName.Type

export const RegisteredNameList = Schema.Struct({ names: Schema.Array(RegisteredName) }).annotate({
  identifier: "RegisteredNameList",
})
export type RegisteredNameList = typeof RegisteredNameList.Type

/** `PUT /api/names/:holder`: the name to show for the holder (trimmed by the server). */
export const SetDisplayNameRequest = Schema.Struct({ name: DisplayName }).annotate({
  identifier: "SetDisplayNameRequest",
})
export type SetDisplayNameRequest = typeof SetDisplayNameRequest.Type
