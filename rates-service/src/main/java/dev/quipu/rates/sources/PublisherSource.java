package dev.quipu.rates.sources;

import java.util.List;

/** What every source states about itself: its id, its country and the rates it can give. */
public abstract class PublisherSource implements RateSource {

    private final String id;
    private final String country;
    private final List<String> rates;

    protected PublisherSource(String id, String country, List<String> rates) {
        this.id = id;
        this.country = country;
        this.rates = List.copyOf(rates);
    }

    @Override
    public final String id() {
        return id;
    }

    @Override
    public final String country() {
        return country;
    }

    @Override
    public final List<String> rates() {
        return rates;
    }
}
