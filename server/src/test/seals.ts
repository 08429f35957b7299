import { buildBoothMeta, buildBoothRequest, createMachine } from './factories'
import type { TestContext } from './harness'

/** Pushes a play through the real booth endpoint and answers its seal ID. */
export async function createSeal(
  { app, db, clock }: Pick<TestContext, 'app' | 'db' | 'clock'>,
  options: { shotAt?: Date; meta?: Parameters<typeof buildBoothMeta>[0] } = {},
): Promise<{ sealId: string; sealExpireDate: string; machineId: string }> {
  const { machine, key } = await createMachine(db)
  const body = await buildBoothRequest({
    meta: buildBoothMeta(options.meta, options.shotAt ?? new Date(clock.now().getTime() - 60 * 60 * 1000)),
  })
  const response = await app.inject({
    method: 'POST',
    url: '/booth/v1/seals',
    headers: { ...body.headers, authorization: `Bearer ${key}` },
    payload: body.payload,
  })
  if (response.statusCode !== 201) throw new Error(`createSeal: ${response.statusCode} ${response.body}`)
  return { ...response.json().entity, machineId: machine.id }
}
