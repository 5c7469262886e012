import { type Acquirer, AcquirerUnavailableError, type AuthorizationOutcome, type SettlementOutcome } from './acquirer';

const MESSAGE = 'No production acquirer connector is configured yet: card payments are available in the sandbox only';

/** Production's side of the port until real connectors exist: every card operation fails plainly. */
export class UnconfiguredProductionAcquirer implements Acquirer {
  async authorize(): Promise<AuthorizationOutcome> {
    throw new AcquirerUnavailableError(MESSAGE);
  }

  async capture(): Promise<SettlementOutcome> {
    throw new AcquirerUnavailableError(MESSAGE);
  }

  async refund(): Promise<SettlementOutcome> {
    throw new AcquirerUnavailableError(MESSAGE);
  }
}
