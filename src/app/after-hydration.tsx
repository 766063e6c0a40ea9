import { AccountGate } from './account/account-gate';
import NotifyGate from './notify/notify-gate';

/** What every page starts once hydrated, in one small chunk outside the initial JS: each loads more only on need. */
export default function AfterHydration() {
  return (
    <>
      <NotifyGate />
      <AccountGate />
    </>
  );
}
