import { TimeTravelToast } from '../features/time-travel/components/time-travel-toast'
import { Frame } from './frame/frame'
import { AppRoutes } from './router'

/** The whole web app below the providers: the frame, the current screen, the time-travel note. */
export function App({ nativeApp }: { nativeApp: boolean }) {
  return (
    <>
      <Frame nativeApp={nativeApp}>
        <AppRoutes />
      </Frame>
      <TimeTravelToast />
    </>
  )
}
