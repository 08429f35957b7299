/**
 * An XMLHttpRequest a test drives, for uploads with progress (`lib/upload.ts`): it records what was
 * sent; the test plays the network with `progress`, then `answer` (or `onerror`). Install it with
 * `vi.stubGlobal('XMLHttpRequest', FakeUpload)`; the request sent last is `FakeUpload.last`.
 */
export class FakeUpload {
  static last: FakeUpload | null = null
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
  onload: (() => void) | null = null
  onerror: (() => void) | null = null
  onabort: (() => void) | null = null
  withCredentials = false
  status = 0
  responseText = ''
  method = ''
  url = ''
  headers: Record<string, string> = {}
  sent: FormData | null = null
  open(method: string, url: string) {
    this.method = method
    this.url = url
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value
  }
  send(body: FormData) {
    this.sent = body
    FakeUpload.last = this
  }
  /** `loaded` of 100 bytes sent. */
  progress(loaded: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total: 100 } as ProgressEvent)
  }
  answer(status: number, body: unknown) {
    this.status = status
    this.responseText = JSON.stringify(body)
    this.onload?.()
  }
}
