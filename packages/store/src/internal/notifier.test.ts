import { Client } from "pg"
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest"
import { NotificationListener } from "./notificationListener.js"
import { CoalescedNotifier, NotifyConnection } from "./notifier.js"
import { wakeupClient } from "./postgres.js"

describe("CoalescedNotifier", () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const counting = () => {
    let sent = 0
    return { send: async () => void sent++, sent: () => sent }
  }

  it("notifies at once after a quiet spell", async () => {
    const c = counting()
    const notifier = new CoalescedNotifier(c.send, 2)
    notifier.notify()
    expect(c.sent()).toBe(1)
    await vi.advanceTimersByTimeAsync(10)
    notifier.notify()
    expect(c.sent()).toBe(2)
  })

  it("a burst of appends costs one NOTIFY at its start and one when its window closes", async () => {
    const c = counting()
    const notifier = new CoalescedNotifier(c.send, 2)
    for (let i = 0; i < 100; i++) notifier.notify()
    expect(c.sent()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(c.sent()).toBe(1)
    await vi.advanceTimersByTimeAsync(2)
    expect(c.sent()).toBe(2) // the trailing wake-up: appends after the first NOTIFY are not left unannounced
    await vi.advanceTimersByTimeAsync(10)
    expect(c.sent()).toBe(2) // nothing owed, nothing sent
  })

  it("a failed NOTIFY does not stop later ones", async () => {
    let calls = 0
    const notifier = new CoalescedNotifier(async () => {
      calls++
      throw new Error("connection terminated")
    }, 2)
    notifier.notify()
    await vi.advanceTimersByTimeAsync(5)
    notifier.notify()
    expect(calls).toBe(2)
  })

  it("closing sends the wake-up still owed, and nothing after", async () => {
    const c = counting()
    const notifier = new CoalescedNotifier(c.send, 1000)
    notifier.notify()
    notifier.notify()
    await notifier.close()
    expect(c.sent()).toBe(2)
    notifier.notify()
    await vi.advanceTimersByTimeAsync(2000)
    expect(c.sent()).toBe(2)
  })
})

describe("NotifyConnection", () => {
  /** A pg client stand-in: answers pg_backend_pid() with `pid`, fails the next NOTIFY when told to. */
  const fakeClients = () => {
    const made: { pid: number; sent: string[]; ended: boolean; failNext: boolean }[] = []
    const connect = () => {
      const state = { pid: 100 + made.length, sent: [] as string[], ended: false, failNext: false }
      made.push(state)
      return {
        connect: async () => undefined,
        query: async (sql: string) => {
          if (sql.startsWith("select pg_backend_pid()")) return { rows: [{ pid: state.pid }] }
          if (state.failNext) {
            state.failNext = false
            throw new Error("connection terminated")
          }
          state.sent.push(sql)
          return { rows: [] }
        },
        on: () => undefined,
        end: async () => {
          state.ended = true
        },
      }
    }
    return { made, connect }
  }

  it("opens one connection on first use and knows its backend's process id", async () => {
    const { made, connect } = fakeClients()
    const connection = new NotifyConnection(connect, "select pg_notify('es_events', '')")
    expect(connection.pid()).toBeUndefined()
    await connection.send()
    await connection.send()
    expect(made).toHaveLength(1)
    expect(made[0]?.sent).toHaveLength(2)
    expect(connection.pid()).toBe(100)
  })

  it("after a failed NOTIFY it reconnects, with the new backend's process id", async () => {
    const { made, connect } = fakeClients()
    const connection = new NotifyConnection(connect, "select pg_notify('es_events', '')")
    await connection.send()
    made[0]!.failNext = true
    await expect(connection.send()).rejects.toThrow("connection terminated")
    expect(made[0]?.ended).toBe(true)
    expect(connection.pid()).toBeUndefined()
    await connection.send()
    expect(made).toHaveLength(2)
    expect(connection.pid()).toBe(101)
    await connection.close()
    expect(made[1]?.ended).toBe(true)
  })
})

describe("NotificationListener", () => {
  it("skips notifications its own node sent and passes on everyone else's", async () => {
    let emit: (message: { processId: number }) => void = () => undefined
    const client = {
      connect: async () => undefined,
      query: async () => undefined,
      on: (event: string, listener: (message: { processId: number }) => void) => {
        if (event === "notification") emit = listener
      },
      end: async () => undefined,
    }
    let heard = 0
    const listener = new NotificationListener(
      () => client as never,
      "es_events",
      () => heard++,
      () => 42,
    )
    listener.start()
    await Promise.resolve()
    emit({ processId: 42 })
    emit({ processId: 7 })
    emit({ processId: 42 })
    expect(heard).toBe(1)
    await listener.stop()
  })
})

describe.runIf(process.env.DATABASE_URL)("the wake-up connection (PostgreSQL)", () => {
  it("commits its NOTIFYs without waiting for the WAL flush, and they still reach a LISTENer", async () => {
    const url = process.env.DATABASE_URL as string
    const sender = wakeupClient(url)
    const listener = new Client({ connectionString: url })
    await Promise.all([sender.connect(), listener.connect()])
    try {
      const { rows } = await sender.query("select current_setting('synchronous_commit') as setting")
      expect(rows[0]).toEqual({ setting: "off" })
      const channel = `wakeup_test_${process.pid}`
      await listener.query(`listen ${channel}`)
      const heard = new Promise<string>((resolve) => listener.on("notification", (n) => resolve(n.channel)))
      await sender.query(`select pg_notify('${channel}', '')`)
      expect(await heard).toBe(channel)
    } finally {
      await Promise.all([sender.end(), listener.end()])
    }
  })
})
