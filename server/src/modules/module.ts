import type { FastifyInstance } from 'fastify'
import type { AppConfig } from '../config'
import type { Database } from '../db/client'
import type { RequestContextOptions } from '../http/context'
import type { FirstScreens } from '../http/pages'
import type { HttpFetch } from '../ports/auth-service'
import type { Clock } from '../ports/clock'
import type { Images } from '../ports/images'
import type { Mailer } from '../ports/mail'
import type { Storage } from '../ports/storage'
import type { CarrierRanges } from './access/carrier-ranges'
import type { EventBus } from './events'

declare module 'fastify' {
  interface FastifyInstance {
    /** Each module's hourly clean-up, run by `main.ts` (real time, never a session's time travel). */
    housekeeping: readonly HousekeepingJob[]
    /** Each module's development data, in the modules' order (`main.ts`, outside production). */
    seedDemo(): Promise<void>
    /** Each module's content every environment needs, in the modules' order (`main.ts`, at every start). */
    seedContent(): Promise<void>
  }
}

/**
 * A module is one registration (decision 0033): `buildApp` lists the modules, and each one's
 * `register` builds its own repository from the database, adds its routes, subscribes to the events
 * of other modules it reacts to (its part in deleting an account, decision 0069), and answers
 * everything else it brings to the app — the services other modules use, its hourly clean-up, the
 * first screens it renders on the server, the content it needs everywhere and its demo data. Adding
 * a module touches its folder, its line in `buildApp`'s list and its slice of the contract.
 */
export interface AppModule {
  /** The module's folder name (the account-deletion test matches it against the tables' modules and the event's subscribers). */
  name: string
  register(kit: ModuleKit): ModuleParts | Promise<ModuleParts>
}

/**
 * The services modules offer each other. Each module that offers one adds its key to this interface
 * from its own `<module>.module.ts` (`declare module '../module'`), so nothing here names a module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled in by each module's declaration merging.
export interface Services {}

/** What a module is given to register with: the app, its dependencies and the other modules' services. */
export interface ModuleKit {
  app: FastifyInstance
  config: AppConfig
  /** The database: each module builds its own repository from it, the only writer of its tables. */
  db: Database
  storage: Storage
  images: Images
  clock: Clock
  mailer: Mailer
  /** The carriers' IP ranges when the caller of `buildApp` gives them (tests); else read from the config's file. */
  carrierRanges: CarrierRanges | undefined
  /** How the server calls other HTTP services, when the caller of `buildApp` says. */
  fetch: HttpFetch | undefined
  /** The request context (session cookie, clock, time travel) routes that sign in or out change. */
  context: RequestContextOptions
  /**
   * The events modules emit inside the transactions of their changes, and subscribe to: how a
   * module reacts to another's change without writing its tables (`events.ts`).
   */
  events: EventBus
  /**
   * A service another module offers. The offering module must be listed earlier in `buildApp`;
   * asking for one that is not there yet fails at start, naming both modules.
   */
  need<K extends keyof Services>(name: K): Services[K]
  /**
   * A service of a module that may be listed later, for when requests come: the answer gives the
   * service once every module has registered (asked while registering, it throws). Two modules that
   * each use the other cannot both be listed first (the accounts, whose rows payments write in its
   * transactions, and payments, which an account's deletion asks whether it still pays): the one
   * listed earlier asks this way. A service no module offers fails at start, naming the module.
   */
  needLater<K extends keyof Services>(name: K): () => Services[K]
}

/** What a module brings besides its routes. */
export interface ModuleParts {
  /** Services for modules listed after this one (`kit.need`). */
  provides?: Partial<Services>
  /** The module's hourly clean-up, run by `main.ts` in real time (never a session's time travel). */
  housekeeping?: readonly HousekeepingJob[]
  /** Pages whose first screen the server renders into the shell (decision 0018), by path. */
  firstScreens?: FirstScreens
  /**
   * Development data (the demo, docs/guide/ground-rules.md), run at every start outside production once the app is built,
   * module by module in the listed order; it must leave what exists as it is.
   */
  demo?: () => Promise<void>
  /**
   * Content the service needs in every environment, production included (the legal pages, decision
   * 0038; help, decision 0039),
   * written at every start before the server listens, module by module in the listed order. It must
   * be safe to run again and by several processes at once, and keep what an operator changed.
   */
  content?: () => Promise<void>
}

export interface HousekeepingJob {
  name: string
  run(): Promise<unknown>
}

/**
 * Registers the modules in order, each with the services of those before it, and gathers what they
 * bring: housekeeping, content and demo data (decorated on the app) and the first screens (answered,
 * for the pages, which are registered last).
 */
export async function registerModules(
  modules: readonly AppModule[],
  kit: Omit<ModuleKit, 'need' | 'needLater'>,
): Promise<{ firstScreens: FirstScreens }> {
  const offered = new Map<keyof Services, { module: string; service: unknown }>()
  const neededLater: Array<{ module: string; name: keyof Services }> = []
  let registered = false
  const housekeeping: HousekeepingJob[] = []
  const demos: Array<{ module: string; demo: () => Promise<void> }> = []
  const contents: Array<() => Promise<void>> = []
  const firstScreens: FirstScreens = {}
  for (const module of modules) {
    const need = <K extends keyof Services>(name: K): Services[K] => {
      const found = offered.get(name)
      if (!found) {
        throw new Error(
          `module ${module.name} needs the service ${name}, which no module listed before it offers`,
        )
      }
      return found.service as Services[K]
    }
    const needLater = <K extends keyof Services>(name: K): (() => Services[K]) => {
      neededLater.push({ module: module.name, name })
      return () => {
        if (!registered) throw new Error(`module ${module.name} used the service ${name} while registering`)
        return offered.get(name)!.service as Services[K]
      }
    }
    const parts = await module.register({ ...kit, need, needLater })
    for (const [name, service] of Object.entries(parts.provides ?? {})) {
      const key = name as keyof Services
      const earlier = offered.get(key)
      if (earlier) throw new Error(`modules ${earlier.module} and ${module.name} both offer ${name}`)
      offered.set(key, { module: module.name, service })
    }
    housekeeping.push(...(parts.housekeeping ?? []))
    if (parts.demo) demos.push({ module: module.name, demo: parts.demo })
    if (parts.content) contents.push(parts.content)
    Object.assign(firstScreens, parts.firstScreens)
  }
  for (const { module, name } of neededLater) {
    if (!offered.has(name))
      throw new Error(`module ${module} needs the service ${name}, which no module offers`)
  }
  registered = true
  kit.app.decorate('housekeeping', housekeeping)
  // A demo that cannot be made (a sandbox that refuses, a limit reached) is logged, and the rest
  // are made all the same: the demo must never stop PuriBox from starting.
  kit.app.decorate('seedDemo', async () => {
    for (const { module, demo } of demos) {
      await demo().catch((error: unknown) => kit.app.log.error({ err: error, module }, 'demo data failed'))
    }
  })
  kit.app.decorate('seedContent', async () => {
    for (const content of contents) await content()
  })
  return { firstScreens }
}
