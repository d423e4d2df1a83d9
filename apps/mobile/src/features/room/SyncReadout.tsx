import { useTranslation } from 'react-i18next';
import { StyleSheet, Text, View } from 'react-native';
import { i18n } from '../../i18n';
import { theme } from '../../ui/theme';
import { usePlayerDrift } from '../player/drift';
import { useRoomStore } from './session';

const en = {
  sync: {
    title: 'Sync',
    hint: 'Long-press to show or hide the sync details',
    offset: 'Server clock',
    offsetValue: '{{ms}} ms',
    uncertainty: 'Clock accuracy',
    uncertaintyValue: '± {{ms}} ms',
    drift: 'Drift',
    driftValue: '{{ms}} ms',
    unknown: 'not known yet',
  },
};
const es: typeof en = {
  sync: {
    title: 'Sincronía',
    hint: 'Mantén pulsado para mostrar u ocultar los detalles de sincronía',
    offset: 'Reloj del servidor',
    offsetValue: '{{ms}} ms',
    uncertainty: 'Precisión del reloj',
    uncertaintyValue: '± {{ms}} ms',
    drift: 'Desfase',
    driftValue: '{{ms}} ms',
    unknown: 'aún no se sabe',
  },
};
i18n.addResourceBundle('en', 'translation', en, true, true);
i18n.addResourceBundle('es', 'translation', es, true, true);

const signed = (ms: number) => (ms > 0 ? `+${ms}` : String(ms));

/**
 * SYNC-PHONE-1: the sync details (SYNC-3's server clock offset and its uncertainty from the room
 * store, and the phone player's last drift), shown under the now-playing card on a long-press.
 */
export function SyncReadout() {
  const { t } = useTranslation();
  const offset = useRoomStore((s) => s.serverTimeOffset);
  const uncertainty = useRoomStore((s) => s.serverTimeUncertainty ?? null);
  const drift = usePlayerDrift();
  const rows: [string, string, string][] = [
    ['offset', t('sync.offset'), t('sync.offsetValue', { ms: signed(offset) })],
    [
      'uncertainty',
      t('sync.uncertainty'),
      uncertainty === null ? t('sync.unknown') : t('sync.uncertaintyValue', { ms: uncertainty }),
    ],
    [
      'drift',
      t('sync.drift'),
      drift === null
        ? t('sync.unknown')
        : t('sync.driftValue', { ms: signed(Math.round(drift * 1000)) }),
    ],
  ];
  return (
    <View style={styles.panel} testID="sync-readout">
      <Text style={styles.title} accessibilityRole="header">
        {t('sync.title')}
      </Text>
      {rows.map(([key, label, value]) => (
        <View key={key} style={styles.row} accessible accessibilityLabel={`${label}: ${value}`}>
          <Text style={styles.label}>{label}</Text>
          <Text style={styles.value} testID={`sync-${key}`}>
            {value}
          </Text>
        </View>
      ))}
    </View>
  );
}

const styles = StyleSheet.create({
  panel: {
    borderTopWidth: 1,
    borderTopColor: theme.border,
    paddingTop: 8,
    gap: 2,
  },
  title: { color: theme.muted, fontSize: 12, fontWeight: '700', textTransform: 'uppercase' },
  row: { flexDirection: 'row', justifyContent: 'space-between' },
  label: { color: theme.muted, fontSize: 13 },
  value: { color: theme.text, fontSize: 13, fontVariant: ['tabular-nums'] },
});
