import { i18n } from '../../i18n';

/** A11Y-PHONE-3, -4: the chattiness setting and what the room says (the web's words). */
const en = {
  announce: {
    setting: 'Screen reader announcements',
    level: { off: 'Off', important: 'Important only', everything: 'Everything' },
    nowPlaying: 'Now playing: {{track}} by {{artist}}, DJ {{dj}}',
    djUp: '{{name}} stepped up to DJ',
    djDown: '{{name}} left the decks',
    likes_one: '{{count}} like',
    likes_other: '{{count}} likes',
    stars_one: '{{count}} star',
    stars_other: '{{count}} stars',
    dislikes_one: '{{count}} dislike',
    dislikes_other: '{{count}} dislikes',
    votes: 'Votes: {{likes}}, {{stars}}',
    votesWithDislikes: 'Votes: {{likes}}, {{dislikes}}, {{stars}}',
    chat: '{{name}} says: {{text}}',
    gif: 'a GIF',
    attachment: 'an attachment',
    someone: 'Someone',
  },
};

const es: typeof en = {
  announce: {
    setting: 'Anuncios para lector de pantalla',
    level: { off: 'Desactivados', important: 'Solo lo importante', everything: 'Todo' },
    nowPlaying: 'Suena: {{track}} de {{artist}}, DJ {{dj}}',
    djUp: '{{name}} subió a pinchar',
    djDown: '{{name}} dejó los platos',
    likes_one: '{{count}} me gusta',
    likes_other: '{{count}} me gusta',
    stars_one: '{{count}} estrella',
    stars_other: '{{count}} estrellas',
    dislikes_one: '{{count}} no me gusta',
    dislikes_other: '{{count}} no me gusta',
    votes: 'Votos: {{likes}}, {{stars}}',
    votesWithDislikes: 'Votos: {{likes}}, {{dislikes}}, {{stars}}',
    chat: '{{name}} dice: {{text}}',
    gif: 'un GIF',
    attachment: 'un adjunto',
    someone: 'Alguien',
  },
};

i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);
