import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../lib/errors';
import { useMyAccessRequestQuery, useRequestAccessMutation } from './queries';

/** ACCESS-REQ-1: no upload permission yet — ask the moderators for it, and see the answer. */
export function RequestAccess() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const [message, setMessage] = useState('');
  const mine = useMyAccessRequestQuery();
  const ask = useRequestAccessMutation();
  const request = mine.data;
  if (mine.isPending) return null;
  if (request?.status === 'PENDING') {
    return (
      <p className="alert alert-info" data-testid="access-pending">
        {t('upload.requestPending')}
      </p>
    );
  }
  return (
    <form
      className="form request-access"
      onSubmit={(ev) => {
        ev.preventDefault();
        ask.mutate(message.trim());
      }}
    >
      {request?.status === 'DECLINED' ? (
        <p className="fine-print">{t('upload.requestDeclined')}</p>
      ) : null}
      <label className="field">
        <span>{t('upload.requestMessage')}</span>
        <textarea
          value={message}
          maxLength={500}
          onChange={(ev) => setMessage(ev.target.value)}
          placeholder={t('upload.requestPlaceholder')}
          data-testid="access-message"
        />
      </label>
      {ask.error ? <p className="alert alert-error">{errorText(ask.error)}</p> : null}
      <button
        type="submit"
        className="btn btn-primary"
        disabled={ask.isPending}
        data-testid="access-request"
      >
        {t('upload.requestAccess')}
      </button>
    </form>
  );
}
