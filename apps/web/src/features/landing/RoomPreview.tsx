import { useTranslation } from 'react-i18next';
import { Avatar } from '../../ui/Avatar';

const DJS = [
  { name: 'Nova', color: '#562DF9' },
  { name: 'Kai Beats', color: '#EC4899' },
  { name: 'Mira', color: '#06B6D4' },
];

/** A still picture of a live room: the decks, the track, the votes, the chat. */
export function RoomPreview() {
  const { t } = useTranslation();
  return (
    <figure className="room-preview" aria-label={t('landing.preview.label')}>
      <div className="room-top">
        <span className="live-pill">
          <span className="live-dot" aria-hidden="true" /> LIVE
        </span>
        <span className="room-name">Late Night Grooves</span>
        <span className="room-count">{t('landing.preview.listening', { count: 128 })}</span>
      </div>
      <div className="stage">
        {DJS.map((dj, i) => (
          <div key={dj.name} className={`stage-dj ${i === 0 ? 'is-playing' : ''}`}>
            <Avatar name={dj.name} color={dj.color} size={i === 0 ? 64 : 48} />
            <span>{dj.name}</span>
          </div>
        ))}
      </div>
      <div className="now-playing">
        <div className="eq" aria-hidden="true">
          <i />
          <i />
          <i />
          <i />
          <i />
        </div>
        <div className="np-text">
          <span className="np-label">{t('landing.preview.nowPlaying')}</span>
          <strong>Midnight City</strong>
          <span className="muted">M83</span>
        </div>
        <div className="votes" aria-hidden="true">
          <span className="vote up">▲ 86</span>
          <span className="vote down">▼ 3</span>
        </div>
      </div>
      <ul className="chat-preview">
        <li>
          <b style={{ color: '#f9a8d4' }}>Kai Beats</b> {t('landing.preview.chat1')}
        </li>
        <li>
          <b style={{ color: '#67e8f9' }}>Mira</b> {t('landing.preview.chat2')}
        </li>
        <li>
          <b style={{ color: '#c4b5fd' }}>Nova</b> {t('landing.preview.chat3')}
        </li>
      </ul>
    </figure>
  );
}
