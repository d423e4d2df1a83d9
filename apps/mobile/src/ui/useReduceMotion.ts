import { useEffect, useState } from 'react';
import { AccessibilityInfo } from 'react-native';

/**
 * A11Y-PHONE-5: whether the phone asks for less motion (AccessibilityInfo.isReduceMotionEnabled,
 * followed on its reduceMotionChanged event). False until the first answer.
 */
export function useReduceMotion(): boolean {
  const [reduce, setReduce] = useState(false);
  useEffect(() => {
    let live = true;
    AccessibilityInfo.isReduceMotionEnabled()
      .then((on) => live && setReduce(on))
      .catch(() => undefined);
    const sub = AccessibilityInfo.addEventListener('reduceMotionChanged', (on) => setReduce(on));
    return () => {
      live = false;
      sub.remove();
    };
  }, []);
  return reduce;
}
