/**
 * antd's `<App>` for the console's feedback (./feedback.ts): rendered beside the console, inside its
 * ConfigProvider, and loaded after the first paint (src/app.tsx), it hands its message, modal and
 * notification instances to `feedback`.
 */
import { App } from 'antd';
import { registerFeedback } from './feedback';

function Bridge(): null {
  registerFeedback(App.useApp());
  return null;
}

export default function FeedbackHost() {
  return (
    <App component={false}>
      <Bridge />
    </App>
  );
}
