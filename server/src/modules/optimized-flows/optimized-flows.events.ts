/**
 * The event the optimised flows module emits when an operator sets a flow, in the transaction of the
 * change, its target `{ kind: 'flow', id: <flow name> }`, its `before` and `after` the case and share
 * that changed (a flow never written before counts as it behaved: TRIAL for every member).
 */
declare module '../events' {
  interface DomainEvents {
    'flows.changed': { flowName: string }
  }
}

export {}
