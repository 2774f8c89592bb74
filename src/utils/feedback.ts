/** antd's message for code outside components (the request layer, plug-in flows). */
import { message } from 'antd';

export const feedback = { message };
