import { bytesToHex, hexToBytes, utf8ToBytes } from "@noble/hashes/utils.js"
import * as canonicalizeModule from "canonicalize"
import fc from "fast-check"
import { afterEach, describe, expect, it } from "vitest"
import {
  canonicalJson,
  exactCanonicalJson,
  hashOf,
  installSha256,
  nobleSha256Hex,
  resetSha256,
  sha256Hex,
} from "./canonical.js"

/** A double from its IEEE 754 bit pattern, as RFC 8785 Appendix B lists them. */
const double = (hex: string): number => new DataView(hexToBytes(hex).buffer).getFloat64(0)

describe("canonicalJson (RFC 8785)", () => {
  it("§3.2.3 sorts keys by UTF-16 code units, ignoring locale (cyberphone testdata weird.json, french.json)", () => {
    const weird = {
      "\u20ac": "Euro Sign",
      "1": "One",
      "\u0080": "Control\u007f",
      "\ud83d\ude02": "Smiley",
      "\u00f6": "Latin Small Letter O With Diaeresis",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "</script>": "Browser Challenge",
    }
    expect(canonicalJson(weird)).toBe(
      '{"1":"One","</script>":"Browser Challenge","\u0080":"Control\u007f","ö":"Latin Small Letter O With Diaeresis","€":"Euro Sign","😂":"Smiley","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    )
    const french = {
      peach: "This sorting order",
      péché: "is wrong according to French",
      pêche: "but canonicalization MUST",
      sin: "ingnore locale",
    }
    expect(canonicalJson(french)).toBe(
      '{"peach":"This sorting order","péché":"is wrong according to French","pêche":"but canonicalization MUST","sin":"ingnore locale"}',
    )
  })

  it("§3.2.3 sorts a surrogate pair by its code units, below U+FB33 (RFC example)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    }
    // Compare text: JSON.parse would move the array-index key "1" to the front again.
    expect(canonicalJson(input)).toBe(
      '{"\\r":"Carriage Return","1":"One","\u0080":"Control","\u00f6":"Latin Small Letter O With Diaeresis",' +
        '"\u20ac":"Euro Sign","\ud83d\ude00":"Emoji: Grinning Face","\ufb33":"Hebrew Letter Dalet With Dagesh"}',
    )
  })

  it("sorts nested objects and keeps array order (cyberphone testdata structures.json)", () => {
    const input = JSON.parse(
      '{"1":{"f":{"f":"hi","F":5},"\\n":56.0},"10":{},"":"empty","a":{},"111":[{}],"A":{}}',
    )
    expect(canonicalJson(input)).toBe(
      '{"":"empty","1":{"\\n":56,"f":{"F":5,"f":"hi"}},"10":{},"111":[{}],"A":{},"a":{}}',
    )
  })

  it("§3.2.2 example: numbers, escapes and literals (cyberphone testdata values.json)", () => {
    const input = JSON.parse(
      '{"numbers":[333333333.33333329,1E30,4.50,2e-3,0.000000000000000000000000001],' +
        '"string":"\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/","literals":[null,true,false]}',
    )
    const text = canonicalJson(input)
    expect(text).toBe(
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    )
    // §3.2.4: the UTF-8 bytes the RFC prints for this output.
    expect(bytesToHex(utf8ToBytes(text))).toBe(
      "7b226c69746572616c73223a5b6e756c6c2c747275652c66616c73655d2c226e756d62657273223a5b33333333333333" +
        "33332e333333333333332c31652b33302c342e352c302e3030322c31652d32375d2c22737472696e67223a22e282ac24" +
        "5c75303030665c6e4127425c225c5c5c5c5c222f227d",
    )
  })

  it("does not normalise Unicode (cyberphone testdata unicode.json)", () => {
    expect(canonicalJson({ "Unnormalized Unicode": "\u1e0d\u0307" })).toBe(
      '{"Unnormalized Unicode":"\u1e0d\u0307"}',
    )
  })

  it("escapes only what JSON must: control characters as lower-case \\u00xx, the short forms, quote and backslash", () => {
    expect(canonicalJson('\u0000\u0008\u0009\u000a\u000c\u000d\u001f\u007f"\\/')).toBe(
      '"\\u0000\\b\\t\\n\\f\\r\\u001f\u007f\\"\\\\/"',
    )
  })

  it.each([
    ["0000000000000000", "0"],
    ["8000000000000000", "0"], // -0
    ["0000000000000001", "5e-324"],
    ["8000000000000001", "-5e-324"],
    ["7fefffffffffffff", "1.7976931348623157e+308"],
    ["ffefffffffffffff", "-1.7976931348623157e+308"],
    ["4340000000000000", "9007199254740992"],
    ["c340000000000000", "-9007199254740992"],
    ["4430000000000000", "295147905179352830000"],
    ["44b52d02c7e14af5", "9.999999999999997e+22"],
    ["44b52d02c7e14af6", "1e+23"],
    ["44b52d02c7e14af7", "1.0000000000000001e+23"],
    ["444b1ae4d6e2ef4e", "999999999999999700000"],
    ["444b1ae4d6e2ef4f", "999999999999999900000"],
    ["444b1ae4d6e2ef50", "1e+21"],
    ["3eb0c6f7a0b5ed8c", "9.999999999999997e-7"],
    ["3eb0c6f7a0b5ed8d", "0.000001"],
    ["41b3de4355555553", "333333333.3333332"],
    ["41b3de4355555554", "333333333.33333325"],
    ["41b3de4355555555", "333333333.3333333"],
    ["41b3de4355555556", "333333333.3333334"],
    ["41b3de4355555557", "333333333.33333343"],
    ["becbf647612f3696", "-0.0000033333333333333333"],
    ["43143ff3c1cb0959", "1424953923781206.2"],
  ])("Appendix B: the double %s serialises as %s", (bits, text) => {
    expect(canonicalJson(double(bits))).toBe(text)
    expect(canonicalJson([double(bits)])).toBe(`[${text}]`)
  })

  it("1e21 and -0 as literals", () => {
    expect(canonicalJson({ big: 1e21, negZero: -0, small: 1e-7 })).toBe(
      '{"big":1e+21,"negZero":0,"small":1e-7}',
    )
  })

  it("refuses NaN and ±Infinity (they have no JSON form), and a top-level undefined", () => {
    expect(() => canonicalJson(Number.NaN)).toThrow()
    expect(() => canonicalJson({ a: [Number.POSITIVE_INFINITY] })).toThrow()
    expect(() => canonicalJson(Number.NEGATIVE_INFINITY)).toThrow()
    expect(() => canonicalJson(undefined)).toThrow(TypeError)
  })

  it("drops undefined properties and writes undefined array items as null, like JSON.stringify", () => {
    expect(canonicalJson({ b: undefined, a: [undefined, 1] })).toBe('{"a":[null,1]}')
  })

  it("property: the same value in any key order gives the same bytes, and parses back to it", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const text = canonicalJson(value)
        const shuffled = JSON.parse(JSON.stringify(value, (_k, v) => reverseKeys(v)))
        expect(canonicalJson(shuffled)).toBe(text)
        expect(canonicalJson(JSON.parse(text))).toBe(text)
      }),
      { numRuns: 300 },
    )
  })
})

const reverseKeys = (v: unknown): unknown =>
  v !== null && typeof v === "object" && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v as Record<string, unknown>).reverse())
    : v

describe("sha256Hex", () => {
  it.each([
    ["", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
    ["abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    [
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
    ],
  ])("FIPS 180-2 vector %j", (input, hash) => {
    expect(sha256Hex(input)).toBe(hash)
    expect(sha256Hex(new TextEncoder().encode(input))).toBe(hash)
  })

  it("FIPS 180-2 vector: one million 'a'", () => {
    expect(sha256Hex("a".repeat(1_000_000))).toBe(
      "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0",
    )
  })

  it("hashes strings as UTF-8", () => {
    expect(sha256Hex("€")).toBe(sha256Hex(Uint8Array.of(0xe2, 0x82, 0xac)))
  })

  it("hashOf hashes the canonical form, so key order does not matter", () => {
    expect(hashOf({ a: 1, b: [2, { d: 4, c: 3 }] })).toBe(hashOf({ b: [2, { c: 3, d: 4 }], a: 1 }))
    expect(hashOf({ a: 1 })).toBe(sha256Hex('{"a":1}'))
  })
})

describe("canonicalJson's fast paths", () => {
  // The reference: the canonicaliser library alone, as canonicalJson used it before the fast paths.
  type Canonicalize = (value: unknown) => string | undefined
  const interop = canonicalizeModule as unknown as { default?: Canonicalize | { default?: Canonicalize } }
  const reference: Canonicalize =
    (typeof interop.default === "function" ? interop.default : interop.default?.default) ??
    (canonicalizeModule as unknown as Canonicalize)
  /** The text, or "throws" when refused (NaN, ±Infinity, bigints, no JSON form at all). */
  const outcome = (f: () => string | undefined) => {
    try {
      return f() ?? "throws"
    } catch {
      return "throws"
    }
  }

  it("property: any JSON value, and objects with undefined members, come out exactly as the canonicaliser writes them", () => {
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.dictionary(fc.string({ unit: "binary" }), fc.constantFrom(undefined, 1, "x")),
        (json, sparse) => {
          expect(canonicalJson(json)).toBe(reference(json))
          expect(canonicalJson(sparse)).toBe(reference(sparse))
        },
      ),
      { numRuns: 1000 },
    )
  })

  it("property: for anything at all, the same text or the same refusal as the canonicaliser", () => {
    fc.assert(
      fc.property(
        fc.anything({
          withBoxedValues: true,
          withMap: true,
          withSet: true,
          withDate: true,
          withNullPrototype: true,
          withSparseArray: true,
          withTypedArray: true,
          withBigInt: true,
        }),
        (value) => {
          expect(outcome(() => canonicalJson(value))).toBe(outcome(() => reference(value)))
        },
      ),
      { numRuns: 1000 },
    )
  })

  it("leaves nested values, undefined members, toJSON and non-plain objects to the canonicaliser", () => {
    const cases: unknown[] = [
      { b: { d: 1, c: 2 }, a: [3, { f: 1, e: 2 }] },
      { a: 1, skipped: undefined },
      { toJSON: () => ({ z: 1, y: 2 }) },
      { b: Object.assign(new Array<number>(3), { 0: 1, 2: 3 }), a: [undefined, () => 1] },
      [Number.NaN],
      new Date(0),
      Object.assign(Object.create(null), { b: 1, a: 2 }),
    ]
    for (const value of cases)
      expect(outcome(() => canonicalJson(value))).toBe(outcome(() => reference(value)))
  })
})

describe("exactCanonicalJson", () => {
  it("property: a JSON value gets its canonical JSON, which parses back to an equal value", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (json) => {
        const exact = exactCanonicalJson(json)
        if (exact === undefined) {
          // fast-check's JSON values include −0, which JSON writes as 0: not carried exactly.
          expect(JSON.stringify(json, (_, v) => (Object.is(v, -0) ? "−0" : v))).toContain("−0")
          return
        }
        expect(exact).toBe(canonicalJson(json))
        expect(JSON.parse(exact)).toStrictEqual(json)
      }),
      { numRuns: 1000 },
    )
  })

  it("refuses what a JSON round trip would change: undefined members and items, −0, NaN, toJSON, non-plain objects", () => {
    const changed: unknown[] = [
      { a: 1, gone: undefined },
      { nested: [1, undefined] },
      { score: -0 },
      [Number.NaN],
      { when: new Date(0) },
      { toJSON: () => 1 },
      Object.assign(Object.create(null), { a: 1 }),
    ]
    for (const value of changed) expect(exactCanonicalJson(value)).toBeUndefined()
    expect(exactCanonicalJson({ b: [1, "x", null, true], a: { d: 0, c: 1.5 } })).toBe(
      '{"a":{"c":1.5,"d":0},"b":[1,"x",null,true]}',
    )
  })
})

describe("installSha256", () => {
  afterEach(resetSha256)

  it("uses an installed hasher for every kernel hash once it matches @noble", () => {
    let calls = 0
    installSha256((input) => {
      calls++
      return nobleSha256Hex(input)
    })
    const before = calls
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    expect(hashOf({ a: 1 })).toBe(nobleSha256Hex('{"a":1}'))
    expect(calls).toBe(before + 2)
  })

  it("refuses a hasher whose digests differ from SHA-256, and keeps the one it had", () => {
    // A hasher that encodes strings as UTF-16 instead of UTF-8: right on "", wrong from "abc" on.
    const utf16 = (input: string | Uint8Array) =>
      nobleSha256Hex(
        typeof input === "string"
          ? new Uint8Array(new Uint16Array([...input].map((c) => c.charCodeAt(0))).buffer)
          : input,
      )
    expect(() => installSha256(utf16)).toThrow(
      /installSha256: the hasher gives [0-9a-f]{64} for "abc", SHA-256 is ba7816bf/,
    )
    // One that only differs on a lone surrogate (encoded as U+FFFD by TextEncoder) is refused too.
    const noReplacement = (input: string | Uint8Array) =>
      typeof input === "string" && input.startsWith("lone") ? "0".repeat(64) : nobleSha256Hex(input)
    expect(() => installSha256(noReplacement)).toThrow(/lone/)
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
  })
})
