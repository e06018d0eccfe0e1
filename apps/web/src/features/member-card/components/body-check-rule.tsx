import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/**
 * The body-check rule text (member-app §4), with the number of checks a year read from the
 * member's product (`body_check.checks_per_year`), not fixed in the text.
 */
export function BodyCheckRule({ checksPerYear }: { checksPerYear: number }) {
  const { t } = useTranslation('member-card');
  return (
    <Typography variant="body2" color="text.secondary">
      {t('bodyCheck.rule', { count: checksPerYear })}
    </Typography>
  );
}
