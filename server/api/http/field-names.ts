/**
 * Names that reach an object's prototype when used as a key (`obj.__proto__ = ...`, `obj.constructor.prototype`):
 * no request may name a field or parameter so, at any level of a dotted or bracketed name.
 */
const PROTOTYPE_NAMES = new Set(['__proto__', 'constructor', 'prototype']);

export function unsafeFieldName(name: string): boolean {
  return name.split(/[.[\]]/).some((segment) => PROTOTYPE_NAMES.has(segment));
}
