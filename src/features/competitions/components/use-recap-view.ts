import { useSearchParams } from 'react-router';
import type { RecapView } from '../../../config/paths';
import { parseView } from '../utils/recap-model';

/** The recap's view: the URL's `view`, when the competition has released it; otherwise the summary. */
export function useRecapView(released: RecapView[]): RecapView {
  const [searchParams] = useSearchParams();
  const view = parseView(searchParams.get('view'));
  return released.includes(view) ? view : 'summary';
}
