/** dayjs in Chinese. Pages that show dates import dayjs from here, which keeps it out of the entry bundle. */
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';

dayjs.locale('zh-cn');

export default dayjs;
