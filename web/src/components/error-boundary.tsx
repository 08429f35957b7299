import { links } from '@puribox/contract/pages'
import { Component, type ReactNode } from 'react'
import { t } from '../lib/i18n'

function ScreenError() {
  return (
    <section className="page">
      <span className="illustration illustration--error" aria-hidden="true" />
      <div className="notice notice--error" role="alert">
        <h1 className="notice__title">{t('common.screenError.title')}</h1>
        <p>{t('common.screenError.body')}</p>
      </div>
      <div className="stack">
        <button type="button" className="button button--block" onClick={() => window.location.reload()}>
          {t('common.screenError.reload')}
        </button>
        {/* A whole page load, not the app's navigation: the app may be what failed. */}
        <a href={links.top} className="button button--secondary button--block">
          {t('common.screenError.toTop')}
        </a>
      </div>
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
