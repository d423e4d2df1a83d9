import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestAccess } from './RequestAccess';
import type { SongDto } from '@tt/protocol';
import { useDocumentTitle } from '../../ui/useDocumentTitle';
import { useOwnProfile } from '../../entities/user/queries';
import { MyUploads } from './MyUploads';
import { storeSong } from './queries';
import { SongStatusCard } from './SongStatusCard';
import { UploadForm } from './UploadForm';
import '../../styles/upload.css';

/** /upload: send your own music (uploadMusic capability), follow its processing, list your uploads. */
export function UploadPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('upload.title'));
  const profile = useOwnProfile();
  const [latest, setLatest] = useState<SongDto | null>(null);
  const canUpload = profile.data?.capabilities.includes('uploadMusic') ?? false;

  return (
    <div className="container upload-page" data-testid="upload-page">
      <div className="page-head">
        <div>
          <h1>{t('upload.title')}</h1>
          <p className="muted">{t('upload.lead')}</p>
        </div>
      </div>
      {profile.isPending ? (
        <p className="muted loading-line" role="status">
          <span className="spinner" aria-hidden="true" /> {t('upload.loading')}
        </p>
      ) : !canUpload ? (
        <section className="card upload-locked" data-testid="upload-locked">
          <h2>{t('upload.lockedTitle')}</h2>
          <p className="muted">{t('upload.lockedText')}</p>
          <RequestAccess />
        </section>
      ) : (
        <div className="upload-layout">
          <UploadForm
            onUploaded={(song) => {
              storeSong(song);
              setLatest(song);
            }}
          />
          {latest ? <SongStatusCard key={latest.songShortId} song={latest} /> : null}
          <MyUploads />
        </div>
      )}
    </div>
  );
}
