/** The stand-in must judge every colour exactly as antd's own colour-picker modules do. */
import { AggregationColor as AntdColor } from 'antd/lib/color-picker/color';
import { isBright as antdIsBright } from 'antd/lib/color-picker/components/ColorPresets';
import { generateColor as antdGenerateColor } from 'antd/lib/color-picker/util';
import { AggregationColor, generateColor, isBright } from '../../stand-ins/antdButtonBrightness';

const COLOURS = [
  '#1677ff',
  '#000000',
  '#ffffff',
  '#fadb14',
  '#52c41a',
  '#c0c0c0',
  '#bfbfbf',
  'rgba(0, 0, 0, 0.88)',
  'rgba(0, 0, 0, 0.3)',
  'rgba(255, 255, 255, 0.2)',
];

describe('antd colour stand-in (button style, tooltip)', () => {
  it.each(COLOURS)('agrees with antd on %s over white and over black', (colour) => {
    for (const background of ['#fff', '#000']) {
      expect(isBright(new AggregationColor(colour), background)).toBe(antdIsBright(new AntdColor(colour) as never, background));
    }
  });

  it.each([...COLOURS, '', undefined, 'red', 'blue-inverse'])('reads %s to the same RGB as antd', (colour) => {
    expect(generateColor(colour).toRgb()).toEqual(antdGenerateColor(colour as string).toRgb());
  });

  it('tells bright from dark', () => {
    expect(isBright(new AggregationColor('#ffffff'), '#fff')).toBe(true);
    expect(isBright(new AggregationColor('#000000'), '#fff')).toBe(false);
  });
});
