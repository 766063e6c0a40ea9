import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '../../components/empty-state';
import { SessionGate } from '../../components/signed-in/session-gate';
import { managePaths } from '../../config/manage-paths';
import { can, type Me, type Permission } from '../../lib/signed-in/get-me';

/**
 * A page of one competition beside its console (panel, tablets, commentary): its title, the way back to the console,
 * and the signed-in person's page when their role holds `permission`, else what the page is for and who uses it.
 */
export function CompetitionPage({
  guid,
  title,
  permission,
  refusal,
  hosted,
  children,
}: {
  guid: string;
  title: string;
  permission: Permission;
  refusal: { title: string; text: string };
  /** what the page says on the hosted service (SessionGate's default otherwise) */
  hosted?: { title: string; text: string };
  children: (me: Me) => ReactNode;
}) {
  return (
    <>
      <title>{`${title} · Marching Results`}</title>
      <p className="text-sm">
        <Link to={managePaths.competition.href(guid)} className="text-blue-900 underline dark:text-sky-300">
          Back to the console
        </Link>
      </p>
      {/* a page for every role of the circuit (`read`: critique's schedule, for the judges too) opens the gate to
          them all; the others keep the console's (read-unreleased) */}
      <SessionGate hosted={hosted} needs={permission === 'read' ? { permission, what: `${title} is` } : undefined}>
        {(me) => (can(me, permission) ? children(me) : <EmptyState title={refusal.title}>{refusal.text}</EmptyState>)}
      </SessionGate>
    </>
  );
}
