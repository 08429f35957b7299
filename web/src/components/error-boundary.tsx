import { Component, type ReactNode } from 'react'
import { t } from '../lib/i18n'

function ScreenError() {
  return (
    <section className="page">
      <div className="notice notice--error" role="alert">
        <h1 className="notice__title">{t('common.screenError.title')}</h1>
        <p>{t('common.screenError.body')}</p>
      </div>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {t('common.screenError.reload')}
      </button>
    </section>
  )
}

/** Catches a screen that fails to render or whose code cannot be downloaded (offline, new deploy). */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true }
  }

  override componentDidCatch(error: unknown): void {
    console.error(error)
  }

  override render(): ReactNode {
    return this.state.failed ? <ScreenError /> : this.props.children
  }
}
