import type { Schema } from "effect"

/**
 * A struct declared in another file, with a description on each field for the JSON Schema bot authors read.
 * The descriptions' keys are the struct's fields, so the compiler refuses a field left undescribed; the shape
 * and the decoded type are unchanged.
 */
export const describeFields = <Fields extends Schema.Struct.Fields>(
  struct: Schema.Struct<Fields>,
  descriptions: { readonly [K in keyof Fields]: string },
): Schema.Struct<Fields> =>
  struct.mapFields((fields) => {
    const described: Record<string, Schema.Top> = {}
    for (const [name, field] of Object.entries(fields))
      described[name] = (field as Schema.Top).annotate({ description: descriptions[name] })
    return described as unknown as Fields
  }) as Schema.Struct<Fields>
