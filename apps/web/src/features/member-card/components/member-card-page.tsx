import { isApiError } from '@clinicpass/shared/api-client/client';
import { ERROR_BANNER_MS } from '@clinicpass/shared/constants';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { TextInput } from '../../../components/text-input';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, type SyntheticEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';

import { CaptchaField, type CaptchaHandle } from '../../../components/captcha-field';
import { DocumentTitle } from '../../../components/document-title';
import { InlineNotification } from '../../../components/notification';
import { paths } from '../../../config/paths';
import { captchaMessageOf, neededDifficulty } from '../../../lib/captcha-errors';
import { useValidationText } from '../../../lib/field-error';
import { useAppNavigate } from '../../../lib/app-router';
import { useLanguage } from '../../../lib/i18n';
import { fromHere } from '../../../lib/navigation-state';
import { notify } from '../../../lib/notifications';
import { storeViewToken } from '../../../lib/view-token';
import { lookUpMember, memberCardKeys } from '../api/member-card-api';
import { loadRules, useMemberForm } from '../hooks/use-member-form';
import { lookupErrorMessage } from '../lib/error-message';

const startRules = () => {
  void loadRules();
};

/** A retry's harder check could not be solved: the captcha field says why. */
class CaptchaNotSolved extends Error {}

/**
 * The fields' labels stand above them from the start: inside an empty field a label is one line
 * cut with an ellipsis, and at 360 px "Phone number of the membership applicant" lost its end
 * and its required mark (outside probe).
 */
const LABEL_ABOVE = { shrink: true } as const;

/**
 * Member card page (spec §2.1 item 1, §5): the patient's HKID number (or member code) and the
 * applicant's phone, without signing in. The values live only in this form's memory; what is
 * kept afterwards is the 30-minute member view token, in session storage.
 */
export function MemberCardPage() {
  const { t } = useTranslation(['member-card', 'errors']);
  const language = useLanguage();
  const navigate = useAppNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  // The field's handle, read by the submit handlers. A ref object, not state set by a callback
  // ref: the field hands its handle over as it mounts, and state set then re-renders the whole
  // page again, synchronously, in the task that commits it (decision 231).
  const captchaRef = useRef<CaptchaHandle>(null);
  const expired = (location.state as { expired?: boolean } | null)?.expired === true;

  const form = useMemberForm();
  const { identifyBy } = form.values;

  const lookup = useMutation({
    mutationFn: async (request: Parameters<typeof lookUpMember>[0]) => {
      try {
        return await lookUpMember(request);
      } catch (error) {
        // This HKID's recent failures ask for a harder check (decision 150): solve one at the
        // difficulty asked, and try once more.
        const difficulty = neededDifficulty(error);
        const captcha = captchaRef.current;
        if (difficulty === null || captcha === null) throw error;
        const harder = await captcha.take(difficulty);
        if (harder === null) throw new CaptchaNotSolved();
        return lookUpMember({ ...request, captcha: harder });
      }
    },
    onSuccess: async (result) => {
      const token = result.member_view_token;
      storeViewToken({ token, expiresAt: result.member_view_token_expires_at });
      queryClient.setQueryData(memberCardKeys.member(token), result.member);
      // The tickets' query (and its GraphQL layer) comes with the member pages, prefetched as
      // the form is used: not in the form's first load (decision 203).
      const { ticketsQuery } = await import('../../../lib/tickets');
      queryClient.setQueryData(
        ticketsQuery({ policyNumber: result.member.policy_number, token }).queryKey,
        result.tickets,
      );
      form.reset();
      await navigate(paths.outpatient.memberQr.getHref(language), { state: fromHere(location) });
    },
    onError: (error) => {
      // The field already says why it could not solve.
      if (error instanceof CaptchaNotSolved) return;
      const captchaMessage = captchaMessageOf(error);
      if (captchaMessage !== null) {
        captchaRef.current?.show(captchaMessage);
        return;
      }
      notify({ type: 'error', body: lookupErrorMessage(error, t), timeout: ERROR_BANNER_MS });
      // Refused (no match, limited): the member will try again, so the check is solved ahead
      // for that tap too. Not after a 5xx or no network: a read then would clear the read-only
      // mode's cookie, and the server may be down; the next tap solves.
      if (isApiError(error) && error.status < 500) captchaRef.current?.prepare();
    },
  });

  // The handler is made as the form is sent: it reads the captcha's handle.
  const onSubmit = (event: SyntheticEvent) =>
    form.handleSubmit(async (values) => {
      const { toLookupBody } = await loadRules();
      // Every look-up costs a solved captcha (issue 8): ticked already, or solved now.
      const payload = await captchaRef.current?.take();
      if (payload === undefined || payload === null) return;
      lookup.mutate({ body: toLookupBody(values), captcha: payload });
    })(event);
  const validationText = useValidationText();
  const message = (key: string | undefined) =>
    key === undefined ? undefined : (validationText(key) ?? t(key as 'form.errors.hkid'));

  return (
    <Stack spacing={2} component="section" aria-labelledby="member-card-heading">
      <DocumentTitle page={t('documentTitle')} />
      <Typography variant="h1" id="member-card-heading">
        {t('heading')}
      </Typography>
      {expired && (
        <InlineNotification type="info" variant="outlined">
          {t('form.expired')}
        </InlineNotification>
      )}
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => void onSubmit(event)}
        onFocus={startRules}
        onPointerDown={() => {
          startRules();
          form.holdChecks();
        }}
      >
        <RadioGroup
          row
          aria-label={t('form.identifyBy')}
          name="identifyBy"
          value={identifyBy}
          onChange={(event) => {
            form.setIdentifyBy(event.target.value === 'member-code' ? 'member-code' : 'hkid');
          }}
        >
          <FormControlLabel value="hkid" control={<Radio />} label={t('form.byHkid')} />
          <FormControlLabel
            value="member-code"
            control={<Radio />}
            label={t('form.byMemberCode')}
          />
        </RadioGroup>
        {identifyBy === 'hkid' ? (
          <TextInput
            {...form.field('hkid')}
            id="member-hkid"
            label={t('form.hkidLabel')}
            placeholder="A123456(7)"
            autoComplete="off"
            spellCheck={false}
            slotProps={{
              inputLabel: LABEL_ABOVE,
              htmlInput: { autoCapitalize: 'characters', 'aria-describedby': 'member-hkid-why' },
            }}
            error={form.errors.hkid !== undefined}
            helperText={message(form.errors.hkid)}
            required
            fullWidth
          />
        ) : (
          <TextInput
            {...form.field('memberCode')}
            id="member-code"
            label={t('form.memberCodeLabel')}
            autoComplete="off"
            spellCheck={false}
            slotProps={{ inputLabel: LABEL_ABOVE }}
            error={form.errors.memberCode !== undefined}
            helperText={message(form.errors.memberCode)}
            required
            fullWidth
          />
        )}
        <TextInput
          {...form.field('phone')}
          id="member-phone"
          label={t('form.phoneLabel')}
          type="tel"
          inputMode="tel"
          autoComplete="off"
          slotProps={{
            inputLabel: LABEL_ABOVE,
            htmlInput: { 'aria-describedby': 'member-phone-hint' },
          }}
          error={form.errors.phone !== undefined}
          helperText={message(form.errors.phone)}
          required
          fullWidth
        />
        <Typography id="member-phone-hint" variant="body2" color="text.secondary">
          {t('phoneHint')}
        </Typography>
        <InlineNotification type="info" variant="outlined" live="none" id="member-hkid-why">
          {t('form.whyHkid')}
        </InlineNotification>
        <CaptchaField ref={captchaRef} solveAhead />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={lookup.isPending || form.submitting}
        >
          {t('form.submit')}
        </Button>
      </Stack>
    </Stack>
  );
}
