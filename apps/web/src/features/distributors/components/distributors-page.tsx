import { formatContactNumber, telUrl } from "@portal/validation";
import { useSuspenseQuery } from "@tanstack/react-query";
import { Container, EmptyState, PageHeader, SelectField } from "@portal/ui";
import { defineMessages, useIntl } from "react-intl";
import { Crumbs } from "../../../shared/components/crumbs";
import { ListPagination } from "../../../shared/components/list-pagination";
import { useConfig } from "../../../shared/config";
import { usePageAnalytics } from "../../../shared/use-page-analytics";
import { STATES, STATE_LABELS, dealersQueryOptions, type StateSlug } from "../api/get-dealers";
import { distributorsPageMessages } from "../messages";

const messages = {
  ...distributorsPageMessages,
  ...defineMessages({
    state: {
      id: "distributors.state",
      defaultMessage: "State",
      description: "Label of the state picker",
    },
    choose: {
      id: "distributors.state.choose",
      defaultMessage: "Choose a state",
      description: "State picker placeholder",
    },
    pick: {
      id: "distributors.pick",
      defaultMessage: "Choose a state to see its distributors.",
      description: "Prompt before a state is chosen",
    },
    empty: {
      id: "distributors.empty",
      defaultMessage: "There are no distributors in {state} yet.",
      description: "No dealers in a state",
    },
    count: {
      id: "distributors.count",
      defaultMessage: "{count, plural, one {# distributor} other {# distributors}} in {state}",
      description: "Number of dealers found",
    },
    hoursDay: {
      id: "distributors.hours.day",
      defaultMessage: "{day}: {opens}–{closes}",
      description: "Opening hours of a single day",
    },
    hours: {
      id: "distributors.hours",
      defaultMessage: "{from}–{to}: {opens}–{closes}",
      description: "Opening hours line",
    },
    services: {
      id: "distributors.services",
      defaultMessage: "Services: {services}",
      description: "Products a dealer sells",
    },
  }),
};

const weekdays = defineMessages({
  mon: { id: "weekday.mon", defaultMessage: "Mon", description: "Short weekday" },
  tue: { id: "weekday.tue", defaultMessage: "Tue", description: "Short weekday" },
  wed: { id: "weekday.wed", defaultMessage: "Wed", description: "Short weekday" },
  thu: { id: "weekday.thu", defaultMessage: "Thu", description: "Short weekday" },
  fri: { id: "weekday.fri", defaultMessage: "Fri", description: "Short weekday" },
  sat: { id: "weekday.sat", defaultMessage: "Sat", description: "Short weekday" },
  sun: { id: "weekday.sun", defaultMessage: "Sun", description: "Short weekday" },
});

function DealerList({ state, page }: { state: StateSlug; page: number }) {
  const intl = useIntl();
  const config = useConfig();
  const { data } = useSuspenseQuery(dealersQueryOptions(state, page));
  const dealers = data.items;
  const stateName = STATE_LABELS[state];
  if (dealers.length === 0)
    return <EmptyState title={intl.formatMessage(messages.empty, { state: stateName })} />;
  const productName = (key: string) => config.products.find((p) => p.key === key)?.name ?? key;
  return (
    <>
      <p className="result-count" aria-live="polite">
        {intl.formatMessage(messages.count, { count: data.total, state: stateName })}
      </p>
      <ul className="dealer-list">
        {dealers.map((dealer) => (
          <li key={dealer.id} className="dealer">
            <h2>{dealer.name}</h2>
            <p>{dealer.address}</p>
            <p>
              {dealer.postcode} {dealer.city}
            </p>
            <p>
              <a href={telUrl(dealer.phone) ?? `tel:${dealer.phone}`}>
                {formatContactNumber(dealer.phone)}
              </a>
            </p>
            {dealer.openingHours.map((hours) => (
              <p key={`${hours.from}-${hours.to}`} className="meta-line">
                {hours.from === hours.to
                  ? intl.formatMessage(messages.hoursDay, {
                      day: intl.formatMessage(weekdays[hours.from]),
                      opens: hours.opens,
                      closes: hours.closes,
                    })
                  : intl.formatMessage(messages.hours, {
                      from: intl.formatMessage(weekdays[hours.from]),
                      to: intl.formatMessage(weekdays[hours.to]),
                      opens: hours.opens,
                      closes: hours.closes,
                    })}
              </p>
            ))}
            <p className="meta-line">
              {intl.formatMessage(messages.services, {
                services: intl.formatList(dealer.services.map(productName)),
              })}
            </p>
          </li>
        ))}
      </ul>
      <ListPagination listing={data} />
    </>
  );
}

/** Distributors by state, with the state (?state=) and the page (?page=) kept in the URL. */
export function DistributorsPage({
  state,
  page,
  onStateChange,
}: {
  state?: StateSlug;
  page: number;
  onStateChange: (state: StateSlug | undefined) => void;
}) {
  const intl = useIntl();
  const title = state
    ? intl.formatMessage(messages.titleState, { state: STATE_LABELS[state] })
    : intl.formatMessage(messages.title);
  usePageAnalytics({ pageType: "distributors", id: state });
  return (
    <Container>
      <Crumbs trail={[{ key: "distributors", label: intl.formatMessage(messages.title) }]} />
      <PageHeader title={title} lead={intl.formatMessage(messages.lead)} />
      <div className="filters">
        <SelectField
          label={intl.formatMessage(messages.state)}
          name="state"
          value={state ?? ""}
          placeholder={intl.formatMessage(messages.choose)}
          onChange={(event) =>
            onStateChange((event.target.value || undefined) as StateSlug | undefined)
          }
          options={STATES.map((value) => ({ value, label: STATE_LABELS[value] }))}
        />
      </div>
      {state ? (
        <DealerList state={state} page={page} />
      ) : (
        <EmptyState title={intl.formatMessage(messages.pick)} />
      )}
    </Container>
  );
}
