/**
 * antd's `<App>` for the console's feedback (./feedback.ts): rendered beside the console, inside its
 * ConfigProvider, and loaded after the first paint (src/app.tsx), it hands its message, modal and
 * notification instances to `feedback`.
 */
import { App } from 'antd';
import { useEffect } from 'react';
import { registerFeedback } from './feedback';

/** Hands the instances over once mounted: a toast asked for earlier is shown then, not during a render. */
function Bridge(): null {
  const instances = App.useApp();
  useEffect(() => registerFeedback(instances), [instances]);
  return null;
}

export default function FeedbackHost() {
  return (
    <App component={false}>
      <Bridge />
    </App>
  );
}
