import { callRoute } from '@clinicpass/shared/api-client/route-call';
import { serviceRequestContract } from '@clinicpass/shared/contracts/service-request';
import {
  SERVICE_REQUEST_STATUS_LABELS,
  statusLabel,
} from '@clinicpass/shared/platform/status-labels';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { api } from '../../../lib/api';
import { useLanguage } from '../../../lib/i18n';
import { PageHeading } from '../components/page-heading';
import { EmptyState, QueryState } from '../components/states';
import { formatDate } from '../lib/format';

/**
 * `service-requests`: the customer's requests and their status. Starting and cancelling one are
 * added here (issue 20, c20d).
 */
export function ServiceRequestsPage() {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const requests = useQuery({
    queryKey: ['portal', 'service-requests'],
    queryFn: () => callRoute(api, serviceRequestContract.listServiceRequests),
  });
  return (
    <Stack spacing={2}>
      <PageHeading title={t('serviceRequests.heading')} />
      <QueryState query={requests}>
        {(page) =>
          page.results.length === 0 ? (
            <EmptyState>{t('serviceRequests.empty')}</EmptyState>
          ) : (
            <List>
              {page.results.map((request) => (
                <ListItem key={request.id} divider>
                  <ListItemText
                    primary={`${request.policy} · ${statusLabel(SERVICE_REQUEST_STATUS_LABELS, request.status, language)}`}
                    secondary={formatDate(request.create_date, language)}
                  />
                </ListItem>
              ))}
            </List>
          )
        }
      </QueryState>
    </Stack>
  );
}
