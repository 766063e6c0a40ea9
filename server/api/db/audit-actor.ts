/** Who made a write, as the audit trail names them (docs/decisions/062-audit-chain.md). */
export interface AuditActor {
  kind: 'user' | 'key';
  id: string;
  name: string;
}
