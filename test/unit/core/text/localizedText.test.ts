import { strict as assert } from 'node:assert';
import { localizedText } from '../../../../src/core/text/localizedText';

describe('localized text', () => {
  it('picks the exact language, then its base language, then English, then any', () => {
    const caption = { en: 'Amount', de: 'Betrag', 'pt-br': 'Valor', pt: 'Quantia' };
    assert.equal(localizedText(caption, 'pt-BR'), 'Valor');
    assert.equal(localizedText(caption, 'pt-PT'), 'Quantia');
    assert.equal(localizedText(caption, 'DE'), 'Betrag');
    assert.equal(localizedText({ en: 'Amount', de: 'Betrag' }, 'fr'), 'Amount');
    assert.equal(localizedText({ de: 'Betrag' }, 'fr'), 'Betrag');
  });

  it('gives the fallback when there is no text: missing, null, empty', () => {
    assert.equal(localizedText(undefined), '');
    assert.equal(localizedText(null, 'en', 'c_amount'), 'c_amount');
    assert.equal(localizedText('', 'en', 'c_amount'), 'c_amount');
    assert.equal(localizedText({}, 'en', 'c_amount'), 'c_amount');
    assert.equal(localizedText({ en: '' }, 'en', 'c_amount'), 'c_amount');
    assert.equal(localizedText('Amount', 'de', 'c_amount'), 'Amount');
  });
});
