import { FLAT_SIZE_OPTIONS, formatCents, formatSurface, labelOf } from '@hsa-lli/common/domain';
import { skipToken } from '@hsa-lli/common/store';
import { CheckboxGroup, Loader, MoneyField, checkedValues, type FormBinding } from '@hsa-lli/common/ui';
import { useListGoodsOfQuery, useListPublishedResidencesQuery } from '../../lib/my-record-api.js';
import { CallError } from '../../lib/call-errors.js';
import { goodsStillWished } from './record-values.js';

/** What the household looks for: residences, goods among theirs, flat sizes, the highest rent. */
export function WishesFields({ binding }: { binding: FormBinding }) {
  const residences = useListPublishedResidencesQuery();
  const chosen = checkedValues(binding.values['wishes.residences'] ?? '').map(Number);
  const slugs = (residences.data ?? []).filter((residence) => chosen.includes(residence.id)).map((residence) => residence.slug);
  const goods = useListGoodsOfQuery(slugs.length > 0 ? slugs : skipToken);
  const offered = slugs.length > 0 ? (goods.data ?? []) : [];
  // A residence no longer chosen takes its goods with it.
  const wishes: FormBinding = {
    ...binding,
    set: (field, value) => {
      binding.set(field, value);
      if (field !== 'wishes.residences') return;
      const wished = checkedValues(binding.values['wishes.goods'] ?? '');
      const kept = goodsStillWished(wished, checkedValues(value).map(Number), goods.data);
      if (kept.length !== wished.length) binding.set('wishes.goods', kept.join(','));
    },
  };
  return (
    <>
      {residences.isLoading && <Loader label="Chargement des résidences" />}
      {residences.error && <CallError error={residences.error} />}
      {goods.error && <CallError error={goods.error} />}
      {residences.data && (
        <CheckboxGroup
          form={wishes}
          name="wishes.residences"
          label="Les résidences qui vous intéressent"
          options={residences.data.map((residence) => ({ value: String(residence.id), label: `${residence.name} (${residence.city.label})` }))}
        />
      )}
      {slugs.length === 0 ? (
        <p className="ui-field__hint">Cochez une résidence pour choisir parmi ses logements.</p>
      ) : goods.isFetching && !goods.data ? (
        <Loader label="Chargement des logements" />
      ) : (
        <CheckboxGroup
          form={wishes}
          name="wishes.goods"
          label="Les logements qui vous intéressent"
          hint="Parmi ceux des résidences cochées ; aucun si tous vous conviennent."
          options={offered.map((good) => ({
            value: String(good.id),
            label: `${good.residence.name} — ${labelOf(FLAT_SIZE_OPTIONS, good.flat_size)} de ${formatSurface(good.surface)}, ${formatCents(good.rent_price_cents)} par mois charges comprises`,
          }))}
        />
      )}
      <CheckboxGroup form={wishes} name="wishes.flat_sizes" label="Les typologies qui vous conviennent" options={FLAT_SIZE_OPTIONS} inline />
      <MoneyField form={wishes} name="wishes.max_rent" label="Loyer maximum" hint="Par mois, charges comprises, en euros." />
    </>
  );
}
