// The card provider the configuration names (decision 287).
import type { Config } from '../../config';
import { standInCardProvider } from './card-gateway';
import type { CardProvider } from './card-provider';
import { stripeCardProvider } from './stripe-card-provider';

export function cardProviderOf(config: Config): CardProvider {
  return config.payment.provider === 'stripe'
    ? stripeCardProvider(config.payment.stripe)
    : standInCardProvider;
}
