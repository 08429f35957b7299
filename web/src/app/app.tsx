import { lazy, Suspense } from 'react'
import { useClock } from '../lib/clock'
import { Frame } from './frame/frame'
import { AppRoutes } from './router'

// Only while time travel is on, which production never allows: not part of the first load.
const TimeTravelToast = lazy(() =>
  import('../features/time-travel/components/time-travel-toast').then((m) => ({
    default: m.TimeTravelToast,
  })),
)

function TimeTravelNote() {
  const clock = useClock()
  if (!clock) return null
  return (
    <Suspense fallback={null}>
      <TimeTravelToast />
    </Suspense>
  )
}

/** The whole web app below the providers: the frame, the current screen, the time-travel note. */
export function App({ nativeApp }: { nativeApp: boolean }) {
  return (
    <>
      <Frame nativeApp={nativeApp}>
        <AppRoutes />
      </Frame>
      <TimeTravelNote />
    </>
  )
}
