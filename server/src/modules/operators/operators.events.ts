import type { OperatorRole } from '../actor'

/**
 * The events the operators module emits, each in the transaction of its change: the audit log
 * records every one (decision 0069). None carries a password, a TOTP secret or a recovery code.
 */
declare module '../events' {
  interface DomainEvents {
    'operator.created': { operatorId: string; role: OperatorRole }
    'operator.disabled': { operatorId: string }
    /** A new password, TOTP secret and recovery codes; the operator's sessions ended. */
    'operator.reset': { operatorId: string }
    'operator.signed-in': { operatorId: string; secondFactor: SecondFactor }
    /**
     * A sign-in refused after its secrets were checked (not one refused by the rate limits). The
     * operator when the mail address named one; the target names the address otherwise.
     */
    'operator.sign-in-failed': { operatorId: string | null; failure: SignInFailure }
    'operator.signed-out': { operatorId: string }
  }
}

/** What proved the operator besides the password. */
export type SecondFactor = 'totp' | 'recovery-code'

/** Why a sign-in failed, for the audit log only: the person trying is told the same in every case. */
export type SignInFailure = 'unknown-mail' | 'wrong-password' | 'disabled' | 'wrong-code'
