import { i18n } from '../../i18n';

i18n.addResourceBundle(
  'en',
  'translation',
  {
    player: {
      nothing: 'Nothing playing right now',
      cantPlay: "This song can't play on the phone — it plays for web listeners",
      mute: 'Mute the room',
      listen: 'Listen live',
      muted: 'Muted — the room plays on',
      loading: 'Tuning in…',
      error: "Couldn't play this song",
      position: 'Position in the song',
    },
  },
  true,
  true,
);
i18n.addResourceBundle(
  'es',
  'translation',
  {
    player: {
      nothing: 'No suena nada ahora mismo',
      cantPlay:
        'Esta canción no se puede reproducir en el móvil; suena para quienes escuchan en la web',
      mute: 'Silenciar la sala',
      listen: 'Escuchar en directo',
      muted: 'Silenciado: la sala sigue sonando',
      loading: 'Sintonizando…',
      error: 'No se pudo reproducir esta canción',
      position: 'Posición en la canción',
    },
  },
  true,
  true,
);
