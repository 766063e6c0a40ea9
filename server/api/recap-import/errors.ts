/**
 * Thrown whenever a recap page (or one of its sections) cannot be read completely: the importer never returns a
 * partial result, so a caller either gets every published number or a message saying where reading stopped.
 */
export class RecapImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RecapImportError';
  }
}
