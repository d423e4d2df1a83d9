import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DislikesMode, DjType, RoomDesign, RoomDto, RoomType } from '@tt/protocol';
import type { SubmitPhase } from '../../lib/useSubmit';
import { Alert } from '../../ui/Alert';
import { Field } from '../../ui/Field';
import { SubmitButton } from '../../ui/SubmitButton';
import { DesignPicker } from './DesignPicker';
import { SLUG_PATTERN, slugify } from '../../entities/room/model';

export interface RoomDraft {
  name: string;
  slug: string;
  description: string;
  vibe: string;
  design: RoomDesign;
  djType: DjType;
  type: RoomType;
  numberOfDjs: number;
  songsPerDj: number;
  roomSize: number;
  /** A new password ('' = none, or unchanged when editing). */
  password: string;
  /** Editing: remove the current password. */
  removePassword: boolean;
  hasChat: boolean;
  unlisted: boolean;
  /** VOTE-PLAY-3 */
  dislikes: DislikesMode;
}

export const NEW_ROOM: RoomDraft = {
  name: '',
  slug: '',
  description: '',
  vibe: '',
  design: 'CLUB',
  djType: 'EVERYONE',
  type: 'PUBLIC',
  numberOfDjs: 5,
  songsPerDj: 0,
  roomSize: 200,
  password: '',
  removePassword: false,
  hasChat: true,
  unlisted: false,
  dislikes: 'on',
};

export function draftFromRoom(room: RoomDto): RoomDraft {
  return {
    name: room.name,
    slug: room.slug,
    description: room.description,
    vibe: room.vibe,
    design: room.design,
    djType: room.djType,
    type: room.type,
    numberOfDjs: room.numberOfDjs,
    songsPerDj: room.songsPerDj,
    roomSize: room.roomSize,
    password: '',
    removePassword: false,
    hasChat: room.hasChat,
    unlisted: room.unlisted,
    dislikes: room.dislikes ?? 'on',
  };
}

/** The first problem of a draft (a translation key), or null. */
export function draftProblem(d: RoomDraft): string | null {
  if (!d.name.trim()) return 'roomForm.nameRequired';
  if (!SLUG_PATTERN.test(d.slug)) return 'roomForm.slugInvalid';
  if (!(d.numberOfDjs >= 1 && d.numberOfDjs <= 10)) return 'roomForm.djsRange';
  if (!(d.songsPerDj >= 0 && d.songsPerDj <= 100)) return 'roomForm.songsRange';
  if (!(d.roomSize >= 2 && d.roomSize <= 10000)) return 'roomForm.sizeRange';
  return null;
}

/** Create and edit share this form: name, address, words, design, DJ rules, access, chat. */
export function RoomForm({
  initial,
  editing,
  hasPassword = false,
  phase,
  error,
  onSubmit,
  onChange,
  submitLabels,
  extra,
}: {
  initial: RoomDraft;
  editing: boolean;
  hasPassword?: boolean;
  phase: SubmitPhase;
  error: string | null;
  onSubmit: (draft: RoomDraft) => void;
  onChange?: () => void;
  submitLabels: { idle: string; submitting: string; submitted?: string };
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const [d, setD] = useState<RoomDraft>(initial);
  const [slugTouched, setSlugTouched] = useState(editing);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = useId();

  const set = <K extends keyof RoomDraft>(key: K, value: RoomDraft[K]) => {
    setD((prev) => {
      const next = { ...prev, [key]: value };
      if (key === 'name' && !slugTouched) next.slug = slugify(String(value));
      return next;
    });
    setProblem(null);
    onChange?.();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const p = draftProblem(d);
    setProblem(p);
    if (!p) onSubmit(d);
  };

  const num = (key: 'numberOfDjs' | 'songsPerDj' | 'roomSize') => ({
    value: Number.isFinite(d[key]) ? String(d[key]) : '',
    onChange: (e: { target: { value: string } }) =>
      set(key, e.target.value === '' ? NaN : Number(e.target.value)),
    inputMode: 'numeric' as const,
    type: 'number',
  });

  return (
    <form className="room-form" onSubmit={submit} noValidate data-testid="room-form">
      <section className="card edit-section">
        <h2>{t('roomForm.basics')}</h2>
        <div className="form">
          <Field
            label={t('roomForm.name')}
            value={d.name}
            maxLength={80}
            required
            onChange={(e) => set('name', e.target.value)}
            data-testid="room-name"
          />
          <Field
            label={t('roomForm.slug')}
            hint={t('roomForm.slugHint', { url: `${window.location.host}/rooms/${d.slug || '…'}` })}
            value={d.slug}
            maxLength={64}
            autoCapitalize="none"
            spellCheck={false}
            onChange={(e) => {
              setSlugTouched(true);
              set('slug', e.target.value.toLowerCase());
            }}
            data-testid="room-slug"
          />
          <div className="field">
            <label htmlFor={`${ids}-desc`}>
              {t('roomForm.description')}
              <span className="field-aside"> · {t('fields.optional')}</span>
            </label>
            <textarea
              id={`${ids}-desc`}
              rows={3}
              maxLength={1000}
              value={d.description}
              onChange={(e) => set('description', e.target.value)}
            />
          </div>
          <Field
            label={t('roomForm.vibe')}
            aside={t('fields.optional')}
            hint={t('roomForm.vibeHint')}
            value={d.vibe}
            maxLength={200}
            onChange={(e) => set('vibe', e.target.value)}
          />
        </div>
      </section>

      <section className="card edit-section">
        <DesignPicker value={d.design} onChange={(v) => set('design', v)} />
      </section>

      <section className="card edit-section">
        <h2>{t('roomForm.djing')}</h2>
        <div className="form form-grid">
          <div className="field">
            <label htmlFor={`${ids}-djtype`}>{t('roomForm.djType')}</label>
            <select
              id={`${ids}-djtype`}
              value={d.djType}
              onChange={(e) => set('djType', e.target.value as DjType)}
            >
              {(['EVERYONE', 'INVITE_ONLY', 'PRO_PLAN_OWNER'] as const).map((v) => (
                <option key={v} value={v}>
                  {t(`roomForm.djTypes.${v}`)}
                </option>
              ))}
            </select>
          </div>
          <Field label={t('roomForm.numberOfDjs')} min={1} max={10} {...num('numberOfDjs')} />
          <div className="field">
            <label htmlFor={`${ids}-dislikes`}>{t('roomForm.dislikes')}</label>
            <select
              id={`${ids}-dislikes`}
              value={d.dislikes}
              onChange={(e) => set('dislikes', e.target.value as DislikesMode)}
              data-testid="room-dislikes"
            >
              {(['on', 'off', 'private'] as const).map((v) => (
                <option key={v} value={v}>
                  {t(`roomForm.dislikesModes.${v}`)}
                </option>
              ))}
            </select>
          </div>
          <Field
            label={t('roomForm.songsPerDj')}
            hint={t('roomForm.songsPerDjHint')}
            min={0}
            max={100}
            {...num('songsPerDj')}
          />
        </div>
      </section>

      <section className="card edit-section">
        <h2>{t('roomForm.access')}</h2>
        <div className="form form-grid">
          <fieldset className="radio-row">
            <legend>{t('roomForm.type')}</legend>
            {(['PUBLIC', 'PRIVATE'] as const).map((v) => (
              <label key={v} className="check">
                <input
                  type="radio"
                  name={`${ids}-type`}
                  checked={d.type === v}
                  onChange={() => set('type', v)}
                />
                {t(`roomForm.types.${v}`)}
              </label>
            ))}
          </fieldset>
          <Field label={t('roomForm.roomSize')} min={2} max={10000} {...num('roomSize')} />
          <Field
            label={editing && hasPassword ? t('roomForm.newPassword') : t('roomForm.password')}
            aside={t('fields.optional')}
            hint={
              editing && hasPassword ? t('roomForm.passwordKeepHint') : t('roomForm.passwordHint')
            }
            type="password"
            autoComplete="new-password"
            value={d.password}
            maxLength={100}
            disabled={d.removePassword}
            onChange={(e) => set('password', e.target.value)}
            data-testid="room-password"
          />
          {editing && hasPassword ? (
            <label className="check">
              <input
                type="checkbox"
                checked={d.removePassword}
                onChange={(e) => set('removePassword', e.target.checked)}
              />
              {t('roomForm.removePassword')}
            </label>
          ) : null}
          <label className="check">
            <input
              type="checkbox"
              checked={d.hasChat}
              onChange={(e) => set('hasChat', e.target.checked)}
            />
            {t('roomForm.hasChat')}
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={d.unlisted}
              onChange={(e) => set('unlisted', e.target.checked)}
            />
            {t('roomForm.unlisted')}
          </label>
        </div>
      </section>

      {extra}

      <div className="save-bar">
        <div className="save-bar-inner">
          <Alert testId="room-form-error">{problem ? t(problem) : error}</Alert>
          <SubmitButton
            className="btn btn-primary"
            phase={phase}
            idle={submitLabels.idle}
            submitting={submitLabels.submitting}
            submitted={submitLabels.submitted}
            testId="room-save"
          />
        </div>
      </div>
    </form>
  );
}

/** The API body of a draft: create leaves the password out when empty; edit sends changes. */
export function settingsBody(d: RoomDraft, editing: boolean) {
  const base = {
    name: d.name.trim(),
    slug: d.slug,
    description: d.description.trim(),
    vibe: d.vibe.trim(),
    design: d.design,
    djType: d.djType,
    type: d.type,
    numberOfDjs: d.numberOfDjs,
    songsPerDj: d.songsPerDj,
    roomSize: d.roomSize,
    hasChat: d.hasChat,
    unlisted: d.unlisted,
    dislikes: d.dislikes,
  };
  if (editing && d.removePassword) return { ...base, password: null };
  return d.password ? { ...base, password: d.password } : base;
}
