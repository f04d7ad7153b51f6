import { useEffect } from 'preact/hooks';
import { useApp } from '../context.js';
import { gateFor, type Feature, type PlanGate } from '../lib/plans.js';

/**
 * The plan gate of one feature for the signed-in account. The session is
 * reloaded when the gated control appears, so a plan changed since the page
 * was opened (an administrator's upgrade) is what the control reflects.
 */
export function usePlanGate(feature: Feature): PlanGate {
  const { session, refreshSession } = useApp();
  useEffect(() => {
    refreshSession().catch(() => null);
  }, [refreshSession]);
  return gateFor(session?.account.plan ?? '', feature);
}
