import type { PolicyDetail } from '@clinicpass/shared/platform/entities/policy';
import type { ComponentType } from 'react';

import type { ManageSection } from '../portal-paths';

import { DetailsSection } from './details-section';
import { HistorySection } from './history-section';
import { InvoicesSection } from './invoices-section';
import { PaymentMethodSection } from './payment-method-section';
import { RenewalSection } from './renewal-section';
import { TaxReportSection } from './tax-report-section';
import { VisitRecordSection } from './visit-record-section';

export interface SectionProps {
  policy: PolicyDetail;
}

export const SECTION_COMPONENTS: Record<ManageSection, ComponentType<SectionProps>> = {
  details: DetailsSection,
  invoices: InvoicesSection,
  'payment-method': PaymentMethodSection,
  history: HistorySection,
  'tax-report': TaxReportSection,
  renewal: RenewalSection,
  'visit-record': VisitRecordSection,
};
