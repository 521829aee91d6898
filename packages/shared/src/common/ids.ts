// An id in an address, judged without zod: the directory's page reads its category from the address on its way to
// the first tap (issue 28 §2). The server's schemas use z.uuid(); ids.test.ts checks this pattern is the same.

/** zod's `z.uuid()`: RFC 9562 versions 1–8 in the RFC variant, or the nil and the max id; either case. */
const UUID_PATTERN =
  /^([0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|ffffffff-ffff-ffff-ffff-ffffffffffff)$/;

export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
