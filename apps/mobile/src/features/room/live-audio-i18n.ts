import { i18n } from '../../i18n';

/** Texts of the live-audio strip (LIVE-AUDIO-3, LIVE-AUDIO-8, LIVE-AUDIO-12). */
const en = {
  liveAudio: {
    title: 'Live audio',
    nobody: 'Nobody is talking',
    talking_one: '{{names}} is talking',
    talking_other: '{{names}} are talking',
    raiseHand: 'Raise hand',
    lowerHand: 'Lower hand',
    handUp: 'Your hand is up',
    mute: 'Mute voices',
    unmute: 'Hear voices',
    connecting: 'Connecting to live audio…',
    someone: 'Someone',
  },
};

const es: typeof en = {
  liveAudio: {
    title: 'Audio en directo',
    nobody: 'Nadie está hablando',
    talking_one: '{{names}} está hablando',
    talking_other: '{{names}} están hablando',
    raiseHand: 'Levantar la mano',
    lowerHand: 'Bajar la mano',
    handUp: 'Tienes la mano levantada',
    mute: 'Silenciar voces',
    unmute: 'Oír las voces',
    connecting: 'Conectando con el audio en directo…',
    someone: 'Alguien',
  },
};

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);
