import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { MODULES } from '../app'
import { type AppModule, type ModuleKit, registerModules } from './module'
import type { PenaltyService } from './penalties/penalties.service'

const modulesDir = import.meta.dirname

/** A kit with only the app: these modules use nothing else. */
function kitFor() {
  const app = Fastify({ logger: false })
  return { app, kit: { app } as unknown as Omit<ModuleKit, 'need' | 'needLater'> }
}

const penalties = {} as PenaltyService

describe('registerModules', () => {
  it('hands a module the services of the modules listed before it, and gathers every part', async () => {
    const { app, kit } = kitFor()
    const seen: string[] = []
    const offering: AppModule = {
      name: 'offering',
      register: () => ({
        provides: { penalties },
        housekeeping: [{ name: 'sweep', run: async () => seen.push('sweep') }],
        demo: async () => {
          seen.push('demo offering')
        },
        content: async () => {
          seen.push('content offering')
        },
      }),
    }
    const needing: AppModule = {
      name: 'needing',
      register: ({ need }) => {
        expect(need('penalties')).toBe(penalties)
        return {
          firstScreens: { '/sp/x': async () => null },
          content: async () => {
            seen.push('content needing')
          },
          demo: async () => {
            seen.push('demo needing')
          },
        }
      },
    }
    const parts = await registerModules([offering, needing], kit)

    expect(Object.keys(parts.firstScreens)).toEqual(['/sp/x'])
    expect(app.housekeeping.map((job) => job.name)).toEqual(['sweep'])
    // As main.ts runs them: the content every environment needs, then the demo data.
    await app.seedContent()
    await app.seedDemo()
    expect(seen).toEqual(['content offering', 'content needing', 'demo offering', 'demo needing'])
  })

  it('a demo that fails is logged with its module, and the demos after it are still made', async () => {
    const { app, kit } = kitFor()
    const logged: unknown[] = []
    app.log.error = ((details: unknown) => logged.push(details)) as typeof app.log.error
    const seen: string[] = []
    const failing: AppModule = {
      name: 'failing',
      register: () => ({
        demo: async () => {
          throw new Error('RATE_LIMITED')
        },
      }),
    }
    const after: AppModule = {
      name: 'after',
      register: () => ({
        demo: async () => {
          seen.push('demo after')
        },
      }),
    }
    await registerModules([failing, after], kit)
    await app.seedDemo()
    expect(seen).toEqual(['demo after'])
    expect(logged).toEqual([{ err: new Error('RATE_LIMITED'), module: 'failing' }])
  })

  it('fails at start, naming both, when a module needs a service no earlier module offers', async () => {
    const needing: AppModule = {
      name: 'needing',
      register: ({ need }) => {
        need('penalties')
        return {}
      },
    }
    const offering: AppModule = { name: 'offering', register: () => ({ provides: { penalties } }) }
    await expect(registerModules([needing, offering], kitFor().kit)).rejects.toThrow(
      'module needing needs the service penalties, which no module listed before it offers',
    )
  })

  it('hands a service of a module listed later once every module has registered, never while registering', async () => {
    let later: (() => PenaltyService) | undefined
    const needing: AppModule = {
      name: 'needing',
      register: ({ needLater }) => {
        later = needLater('penalties')
        expect(() => later?.()).toThrow('module needing used the service penalties while registering')
        return {}
      },
    }
    const offering: AppModule = { name: 'offering', register: () => ({ provides: { penalties } }) }
    await registerModules([needing, offering], kitFor().kit)
    expect(later?.()).toBe(penalties)
  })

  it('fails at start, naming the module, when a service it needs later is offered by none', async () => {
    const needing: AppModule = {
      name: 'needing',
      register: ({ needLater }) => {
        needLater('penalties')
        return {}
      },
    }
    await expect(registerModules([needing], kitFor().kit)).rejects.toThrow(
      'module needing needs the service penalties, which no module offers',
    )
  })

  it('fails at start when two modules offer the same service', async () => {
    const one: AppModule = { name: 'one', register: () => ({ provides: { penalties } }) }
    const two: AppModule = { name: 'two', register: () => ({ provides: { penalties } }) }
    await expect(registerModules([one, two], kitFor().kit)).rejects.toThrow(
      'modules one and two both offer penalties',
    )
  })
})

describe('the app lists every module', () => {
  it('each folder with routes has a <module>.module.ts, and buildApp lists every module once, by its folder name', () => {
    const folders = readdirSync(modulesDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    const files = (folder: string) => readdirSync(join(modulesDir, folder))
    const registered = folders.filter((folder) => files(folder).includes(`${folder}.module.ts`))
    const withRoutes = folders.filter((folder) => files(folder).some((file) => /\.routes\.ts$/.test(file)))

    expect(withRoutes.filter((folder) => !registered.includes(folder))).toEqual([])
    expect(MODULES.map((module) => module.name).sort()).toEqual([...registered].sort())
  })
})
