// The JSON-like data model every kmutate layer shares: manifest values as read from YAML/JSON,
// carrying CEL's int/double distinction (an integral double such as `1.0` stays a double).

/**
 * A double whose value is integral (`1.0`, `1e3`, or an integral result of CEL double
 * arithmetic). Plain JS numbers that are integers are ints; non-integral numbers are doubles.
 */
export class JsonFloat {
  constructor(readonly value: number) {}
}

/**
 * A manifest value.
 * - `number`: an integer (CEL `int`) when `Number.isInteger`, otherwise a double;
 * - `bigint`: an int64 outside ±(2^53−1);
 * - `JsonFloat`: an integral-valued double.
 * Objects are plain objects; keys such as `__proto__` are own data properties (write them only
 * with {@link setKey}).
 */
export type JsonValue = null | boolean | string | number | bigint | JsonFloat | JsonValue[] | JsonObject;

/** A JSON object (mapping). */
export interface JsonObject {
  [key: string]: JsonValue;
}
