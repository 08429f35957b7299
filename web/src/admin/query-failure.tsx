import { LoadFailure } from '../components/load-failure'
import { errorCodeOf } from '../lib/error-message'

/**
 * What a console screen says when its data did not come: a request the server refused
 * (VALIDATION_FAILED: filters or a range it would not take) as `refused`, which asking again will not
 * change; anything else as `failed` with the reason and a way to try again.
 */
export function QueryFailure({
  error,
  refused,
  failed,
  onRetry,
}: {
  error: unknown
  refused: string
  failed: string
  onRetry: () => void
}) {
  if (errorCodeOf(error) === 'VALIDATION_FAILED') return <LoadFailure error={error} message={refused} />
  return <LoadFailure error={error} title={failed} onRetry={onRetry} />
}
