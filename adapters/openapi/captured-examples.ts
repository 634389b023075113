// Answers captured once from the provider simulators (npm start defaults) for
// JFK-LHR in business on 2027-03-14, hotels in Lisbon and cars at LIS for 14-18 March
// 2027, with the capture-time timestamps fixed to 2027-03-01 so the file is stable.
// test/openapi-examples.test.ts checks them against their schemas.

export const CAPTURED_EXAMPLES: Readonly<Record<string, unknown>> = {
  "Flight": {
    "id": "fl_d9aa1a2ef0bd9255",
    "price": 1615.7,
    "currency": "USD",
    "fx_rate": null,
    "checkout_total": {
      "amount": 1615.7,
      "currency": "USD"
    },
    "carrier": "DL",
    "route": "JFK-LHR",
    "origin": "JFK",
    "destination": "LHR",
    "departing_at": "2027-03-14T18:15:00",
    "arriving_at": "2027-03-15T11:05:00",
    "duration_minutes": 770,
    "stops": 1,
    "cabin": "business",
    "fare_brand": "Delta One Classic",
    "bookable": true,
    "offer_id": "duffel:off_95AB7HA6DG000G1CHG01WWE6TR87",
    "expires_at": "2027-03-01T10:00:00.000Z",
    "dates": ["2027-03-14"],
    "bags": null,
    "slices": [
      {
        "origin": "JFK",
        "destination": "LHR",
        "departing_at": "2027-03-14T18:15:00",
        "arriving_at": "2027-03-15T11:05:00",
        "duration_minutes": 770,
        "stops": 1,
        "segments": [
          {
            "flight": "DL113",
            "carrier": "DL",
            "operating_carrier": "DL",
            "origin": "JFK",
            "destination": "MAD",
            "departing_at": "2027-03-14T18:15:00",
            "arriving_at": "2027-03-15T06:25:00",
            "duration_minutes": 430,
            "aircraft": "Airbus A350-900"
          },
          {
            "flight": "UX1905",
            "carrier": "UX",
            "operating_carrier": "UX",
            "origin": "MAD",
            "destination": "LHR",
            "departing_at": "2027-03-15T10:00:00",
            "arriving_at": "2027-03-15T11:05:00",
            "duration_minutes": 125,
            "aircraft": "Boeing 737 MAX 8"
          }
        ]
      }
    ],
    "prices": [
      {
        "source": "duffel",
        "amount": 1615.7,
        "currency": "USD",
        "fare_brand": "Delta One Classic",
        "bookable": true,
        "offer_id": "duffel:off_95AB7HA6DG000G1CHG01WWE6TR87",
        "expires_at": "2027-03-01T10:00:00.000Z",
        "refundable": false,
        "changeable": true,
        "checked_bags": 2,
        "age_s": 0
      },
      {
        "source": "duffel",
        "amount": 2160.9,
        "currency": "USD",
        "fare_brand": "Delta One Extra",
        "bookable": true,
        "offer_id": "duffel:off_95AB7HA6DG000G1CHG0HWWE6EBQG",
        "expires_at": "2027-03-01T10:00:00.000Z",
        "refundable": true,
        "changeable": true,
        "checked_bags": 2,
        "age_s": 0
      }
    ],
    "awards": [],
    "sources": [
      "duffel"
    ],
    "data_age_s": 0
  },
  "Offer": {
    "offer_id": "duffel:off_95AB7HA6DG000G1CHG01WWE6TR87",
    "total": {
      "amount": 1615.7,
      "currency": "USD"
    },
    "base": {
      "amount": 1557.7,
      "currency": "USD"
    },
    "tax": {
      "amount": 58,
      "currency": "USD"
    },
    "expires_at": "2027-03-01T10:00:00.000Z",
    "owner": {
      "iata": "DL",
      "name": "Delta Air Lines"
    },
    "cabin": "business",
    "fare_brand": "Delta One Classic",
    "slices": [
      {
        "origin": "JFK",
        "destination": "LHR",
        "departing_at": "2027-03-14T18:15:00",
        "arriving_at": "2027-03-15T11:05:00",
        "duration_minutes": 770,
        "stops": 1,
        "segments": [
          {
            "flight": "DL113",
            "carrier": "DL",
            "operating_carrier": "DL",
            "origin": "JFK",
            "destination": "MAD",
            "departing_at": "2027-03-14T18:15:00",
            "arriving_at": "2027-03-15T06:25:00",
            "duration_minutes": 430,
            "aircraft": "Airbus A350-900",
            "id": "seg_GRQ1BTSVDFVCJBK7A53Q5Z5SC9",
            "carrier_name": "Delta Air Lines"
          },
          {
            "flight": "UX1905",
            "carrier": "UX",
            "operating_carrier": "UX",
            "origin": "MAD",
            "destination": "LHR",
            "departing_at": "2027-03-15T10:00:00",
            "arriving_at": "2027-03-15T11:05:00",
            "duration_minutes": 125,
            "aircraft": "Boeing 737 MAX 8",
            "id": "seg_35R1VT6FDFBC5RK7T5GA5ZNRZN",
            "carrier_name": "Air Europa"
          }
        ],
        "id": "sli_DB1R82CTHR97QK42XFYECMEAHV"
      }
    ],
    "passengers": [
      {
        "id": "pas_VPE547A4PBV7N5533SC63XGCFR",
        "type": "adult",
        "age": null
      }
    ],
    "conditions": {
      "refund_before_departure": {
        "allowed": false,
        "penalty": null
      },
      "change_before_departure": {
        "allowed": true,
        "penalty": {
          "amount": 150,
          "currency": "USD"
        }
      }
    },
    "included_baggage": {
      "checked": 2,
      "carry_on": 1
    },
    "payment_requirements": {
      "requires_instant_payment": false,
      "payment_required_by": "2027-03-01T10:00:00.000Z",
      "price_guarantee_expires_at": "2027-03-01T10:00:00.000Z"
    },
    "identity_documents_required": true,
    "available_service_count": 1
  },
  "Hotel": {
    "id": "acc_WPH1FN7CYP55AJQBZ75Z12E5GH",
    "name": "ibis Styles Lisbon Chiado",
    "kind": "hotel",
    "rating": 3,
    "review_score": 7.5,
    "chain": "Accor",
    "brand": "ibis Styles",
    "address": {
      "line_one": "Rua Garrett, 152",
      "city": "Lisbon",
      "postal_code": "1200-203",
      "region": null,
      "country_code": "PT"
    },
    "location": {
      "latitude": 38.71333,
      "longitude": -9.139864
    },
    "amenities": [
      "wifi",
      "24_hour_front_desk",
      "pets_allowed"
    ]
  },
  "CarRate": {
    "offer_token": "car:rae_B8JB8JA6DMP2HKX5GHT960HWWE6QQ49",
    "supplier": "Thrifty",
    "supplier_logo_url": null,
    "car": {
      "name": "Fiat 500 or similar",
      "acriss": "MBMR",
      "category": "mini",
      "type": "two_door",
      "transmission": "manual",
      "seats": 4,
      "bags": {
        "large": 0,
        "small": 2
      },
      "air_conditioning": true,
      "fuel": null
    },
    "mileage": {
      "type": "unlimited"
    },
    "payment_type": "prepaid",
    "flow": "partner",
    "total": {
      "amount": 56.52,
      "currency": "EUR"
    },
    "per_day": {
      "amount": 14.13,
      "currency": "EUR"
    },
    "days": 4,
    "pick_up": {
      "name": "Thrifty, Humberto Delgado Airport (Lisbon Portela Airport) (LIS)",
      "address": "Car rental desks, arrivals hall, Humberto Delgado Airport (Lisbon Portela Airport), Lisbon, PT",
      "latitude": 38.780732,
      "longitude": -9.136671,
      "at": "2027-03-14T10:00:00+00:00"
    },
    "drop_off": {
      "name": "Thrifty, Humberto Delgado Airport (Lisbon Portela Airport) (LIS)",
      "address": "Car rental desks, arrivals hall, Humberto Delgado Airport (Lisbon Portela Airport), Lisbon, PT",
      "latitude": 38.780732,
      "longitude": -9.136671,
      "at": "2027-03-18T10:00:00+00:00"
    },
    "expires_at": "2027-03-01T10:00:00.000Z",
    "terms": {
      "free_cancellation": true,
      "free_cancellation_until": "2027-03-12T10:00:00.000Z",
      "fuel_policy": "full_to_empty",
      "cdw_included": true,
      "theft_protection_included": true,
      "excess": {
        "amount": 860,
        "currency": "EUR"
      },
      "deposit": {
        "amount": 172,
        "currency": "EUR"
      }
    }
  }
};
