import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Capability, VoucherStatus, type VoucherDto } from '@tt/protocol';
import { ErrorAlert } from '../../ui/Alert';
import { useCreateVouchersMutation, useRevokeVoucherMutation, useVouchersQuery } from './queries';

/** Where a voucher's code is redeemed by someone new (VOUCHER-1). */
export const voucherLink = (code: string) =>
  `${window.location.origin}/signup/voucher?code=${encodeURIComponent(code)}`;

/** VOUCHER-1..2: admins make invitation codes, share their sign-up links, revoke unused ones. */
export function VouchersPanel() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<VoucherStatus | null>('PENDING');
  const [count, setCount] = useState(1);
  const [capability, setCapability] = useState<Capability | ''>('');
  const [note, setNote] = useState('');
  const list = useVouchersQuery(status);
  const create = useCreateVouchersMutation();
  return (
    <>
      <section className="card" data-testid="vouchers-create">
        <h2>{t('admin.vouchers.createTitle')}</h2>
        <p className="fine-print admin-lead">{t('admin.vouchers.lead')}</p>
        <ErrorAlert error={create.error} />
        <form
          className="inline-form"
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate({
              count,
              capability: capability || undefined,
              note: note.trim() || undefined,
            });
          }}
        >
          <input
            type="number"
            min={1}
            max={100}
            value={count}
            onChange={(e) => setCount(Math.max(1, Math.min(100, Number(e.target.value) || 1)))}
            aria-label={t('admin.vouchers.count')}
            className="admin-count"
          />
          <select
            value={capability}
            onChange={(e) => setCapability(e.target.value as Capability | '')}
            aria-label={t('admin.vouchers.grants')}
          >
            <option value="">{t('admin.vouchers.noCapability')}</option>
            {Capability.options.map((c) => (
              <option key={c} value={c}>
                {t(`admin.capability.${c}`)}
              </option>
            ))}
          </select>
          <input
            value={note}
            maxLength={500}
            onChange={(e) => setNote(e.target.value)}
            placeholder={t('admin.vouchers.note')}
            aria-label={t('admin.vouchers.note')}
            data-testid="voucher-note"
          />
          <button
            type="submit"
            className="btn btn-primary"
            disabled={create.isPending}
            data-testid="voucher-create"
          >
            {t('admin.vouchers.create')}
          </button>
        </form>
      </section>
      <section className="card" data-testid="vouchers">
        <div className="admin-list-head">
          <h2>{t('admin.vouchers.listTitle', { count: list.data?.total ?? 0 })}</h2>
          <select
            value={status ?? ''}
            onChange={(e) => setStatus((e.target.value || null) as VoucherStatus | null)}
            aria-label={t('admin.vouchers.status')}
          >
            <option value="">{t('admin.vouchers.all')}</option>
            {VoucherStatus.options.map((s) => (
              <option key={s} value={s}>
                {t(`admin.vouchers.statuses.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <ErrorAlert error={list.error} />
        <ul className="admin-comments">
          {(list.data?.data ?? []).map((voucher) => (
            <VoucherRow key={voucher.uuid} voucher={voucher} />
          ))}
        </ul>
      </section>
    </>
  );
}

function VoucherRow({ voucher: vo }: { voucher: VoucherDto }) {
  const { t, i18n } = useTranslation();
  const revoke = useRevokeVoucherMutation();
  const [copied, setCopied] = useState(false);
  const link = voucherLink(vo.code);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied(true);
    } catch {
      window.prompt(t('admin.vouchers.copyPrompt'), link);
    }
  };
  return (
    <li className="admin-request" data-testid="voucher-row">
      <div>
        <code className="voucher-code">{vo.code}</code>{' '}
        <span className={`role-tag${vo.status === 'REVOKED' ? ' is-bad' : ''}`}>
          {t(`admin.vouchers.statuses.${vo.status}`)}
        </span>
        {vo.capability ? (
          <span className="role-tag">{t(`admin.capability.${vo.capability}`)}</span>
        ) : null}
        {vo.note ? <p>{vo.note}</p> : null}
        <small>{new Date(vo.createdAt).toLocaleString(i18n.language)}</small>
        {vo.status === 'PENDING' ? (
          <input
            className="voucher-link"
            readOnly
            value={link}
            aria-label={t('admin.vouchers.link')}
            onFocus={(e) => e.target.select()}
            data-testid="voucher-link"
          />
        ) : null}
      </div>
      {vo.status === 'PENDING' ? (
        <div className="form-actions-inline">
          <button type="button" className="btn btn-ghost btn-sm" onClick={() => void copy()}>
            {copied ? t('admin.vouchers.copied') : t('admin.vouchers.copy')}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-sm"
            disabled={revoke.isPending}
            onClick={() => revoke.mutate(vo.uuid)}
            data-testid="voucher-revoke"
          >
            {t('admin.vouchers.revoke')}
          </button>
        </div>
      ) : null}
    </li>
  );
}
