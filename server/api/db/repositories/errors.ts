/**
 * Domain errors of the write path. Routes map NotFoundError to 404 and RuleViolation to 422; an id that belongs
 * to another organization is a NotFoundError, so a caller can never learn that it exists.
 */
export class NotFoundError extends Error {
  constructor(
    /** domain name of the missing entity: "group", "round", "performance" ... */
    readonly entity: string,
    readonly id?: number | string,
  ) {
    super(id === undefined ? `${entity} not found` : `${entity} ${id} not found`);
    this.name = 'NotFoundError';
  }
}

export class RuleViolation extends Error {
  constructor(
    /** the input field the rule is about ("scores[2].score", "name") */
    readonly field: string,
    message: string,
  ) {
    super(message);
    this.name = 'RuleViolation';
  }
}
