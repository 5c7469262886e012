import { AcquirerUnavailableError } from '../../acquirers/acquirer';
import type { PixProvider } from './pix-provider';

/**
 * Production until a merchant's PSP is connected (production-pix-provider.ts): it says so plainly (503, 008) and has
 * no simulated payment, so `simular_pagamento` answers 404 there.
 */
export class UnconfiguredPixProvider implements PixProvider {
  async createCharge(): Promise<never> {
    throw new AcquirerUnavailableError('Pix não está configurado para esta loja neste ambiente');
  }

  async refund(): Promise<never> {
    throw new AcquirerUnavailableError('Pix não está configurado para esta loja neste ambiente');
  }
}
