import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { useTranslation } from 'react-i18next';

import { useLanguage } from '../../../lib/i18n';
import { usePolicyEvents } from '../api/policies';
import { DocumentLinks } from '../components/document-list';
import { EmptyState, QueryState } from '../components/states';
import { formatDate } from '../lib/format';

import type { SectionProps } from './sections';

/** An event type as words: the catalogue's name when there is one, else the type made readable. */
function useEventName() {
  const { t, i18n } = useTranslation('portal');
  return (type: string) => {
    const key = `history.types.${type}`;
    return i18n.exists(key, { ns: 'portal' })
      ? t(key as 'history.types.policy-issued')
      : type.replace(/[-_]+/g, ' ').replace(/^./, (first) => first.toUpperCase());
  };
}

/** `history`: the policy's events, newest first, each with its documents. */
export function HistorySection({ policy }: SectionProps) {
  const { t } = useTranslation('portal');
  const language = useLanguage();
  const events = usePolicyEvents(policy.policy_number);
  const eventName = useEventName();
  return (
    <QueryState query={events}>
      {(page) =>
        page.results.length === 0 ? (
          <EmptyState>{t('history.none')}</EmptyState>
        ) : (
          <List aria-label={t('manage.sections.history')}>
            {[...page.results]
              .sort((a, b) => b.create_date.localeCompare(a.create_date))
              .map((event) => (
                <ListItem key={event.id} divider sx={{ display: 'block' }}>
                  <ListItemText
                    primary={eventName(event.event_type)}
                    secondary={formatDate(event.create_date, language)}
                  />
                  <DocumentLinks documents={event.active_documents} />
                </ListItem>
              ))}
          </List>
        )
      }
    </QueryState>
  );
}
