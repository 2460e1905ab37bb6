/** One fibre network serving an address. */
export interface FibreNetwork {
  network: string;
  technology: "FTTH" | "FTTB" | "VDSL";
  maxSpeedMbps: number;
}

/** A row of the seeded address register. */
export interface AddressSeed {
  id: string;
  postalCode: string;
  residenceType: 1 | 2;
  houseNumber?: string;
  buildingName?: string;
  streetType?: string;
  streetName: string;
  area?: string;
  city: string;
  state: string;
  fibreNetworks: FibreNetwork[];
}

// Invented wholesale networks.
const FTTH: FibreNetwork = { network: "Rangkai Gentian", technology: "FTTH", maxSpeedMbps: 1000 };
const FTTH_500: FibreNetwork = {
  network: "Serat Nusantara",
  technology: "FTTH",
  maxSpeedMbps: 500,
};
const FTTB: FibreNetwork = { network: "Serat Nusantara", technology: "FTTB", maxSpeedMbps: 300 };
const VDSL: FibreNetwork = { network: "TeraLink", technology: "VDSL", maxSpeedMbps: 100 };

interface Locality {
  code: string;
  postalCode: string;
  area: string;
  city: string;
  state: string;
  /** Landed streets: [streetType, streetName]. */
  streets: [string, string][];
  /** Multi-storey buildings: [buildingName, streetType, streetName]. */
  buildings: [string, string, string][];
  networks: FibreNetwork[];
}

const LOCALITIES: Locality[] = [
  {
    code: "KUL",
    postalCode: "50450",
    area: "Bukit Bintang",
    city: "Kuala Lumpur",
    state: "Wilayah Persekutuan Kuala Lumpur",
    streets: [
      ["Jalan", "Raja Chulan"],
      ["Jalan", "Sultan Ismail"],
    ],
    buildings: [
      ["Residensi Bintang", "Jalan", "Ceylon"],
      ["Menara Alor", "Jalan", "Alor"],
    ],
    networks: [FTTH, FTTB],
  },
  {
    code: "KUL",
    postalCode: "59200",
    area: "Bangsar",
    city: "Kuala Lumpur",
    state: "Wilayah Persekutuan Kuala Lumpur",
    streets: [
      ["Jalan", "Telawi 3"],
      ["Lorong", "Maarof"],
      ["Jalan", "Bangkung"],
    ],
    buildings: [["Bangsar Heights", "Jalan", "Riong"]],
    networks: [FTTH],
  },
  {
    code: "KUL",
    postalCode: "56000",
    area: "Taman Connaught",
    city: "Cheras",
    state: "Wilayah Persekutuan Kuala Lumpur",
    streets: [
      ["Jalan", "Cerdas"],
      ["Jalan", "Manis 4"],
    ],
    buildings: [["Pangsapuri Cempaka", "Jalan", "Cheras Utama"]],
    networks: [FTTH_500, VDSL],
  },
  {
    code: "PJY",
    postalCode: "62502",
    area: "Presint 9",
    city: "Putrajaya",
    state: "Wilayah Persekutuan Putrajaya",
    streets: [
      ["Jalan", "P9E"],
      ["Jalan", "P9G"],
    ],
    buildings: [["Residensi Presint 9", "Persiaran", "Perdana"]],
    networks: [FTTH],
  },
  {
    code: "LBN",
    postalCode: "87000",
    area: "Kampung Patau-Patau",
    city: "Labuan",
    state: "Wilayah Persekutuan Labuan",
    streets: [
      ["Jalan", "Merdeka"],
      ["Jalan", "OKK Awang Besar"],
    ],
    buildings: [],
    networks: [VDSL],
  },
  {
    code: "SGR",
    postalCode: "47301",
    area: "Kelana Jaya",
    city: "Petaling Jaya",
    state: "Selangor",
    streets: [
      ["Jalan", "SS 7/26"],
      ["Jalan", "SS 7/19"],
    ],
    buildings: [
      ["Residensi Kelana", "Jalan", "SS 7/26"],
      ["Kelana Puteri", "Jalan", "SS 7/13"],
    ],
    networks: [FTTH, FTTB],
  },
  {
    code: "SGR",
    postalCode: "47400",
    area: "Damansara Utama",
    city: "Petaling Jaya",
    state: "Selangor",
    streets: [
      ["Jalan", "SS 21/37"],
      ["Jalan", "SS 21/1"],
    ],
    buildings: [["Pangsapuri Uptown", "Jalan", "SS 21/39"]],
    networks: [FTTH],
  },
  {
    code: "SGR",
    postalCode: "40150",
    area: "Seksyen 13",
    city: "Shah Alam",
    state: "Selangor",
    streets: [
      ["Jalan", "Kristal 13/1"],
      ["Persiaran", "Akuatik 13/68"],
    ],
    buildings: [["Pangsapuri Seri Mutiara", "Jalan", "Plumbum 13/6"]],
    networks: [FTTH_500],
  },
  {
    code: "SGR",
    postalCode: "43000",
    area: "Taman Kajang Utama",
    city: "Kajang",
    state: "Selangor",
    streets: [
      ["Jalan", "KU 3"],
      ["Jalan", "KU 7"],
    ],
    buildings: [],
    networks: [VDSL],
  },
  {
    code: "SGR",
    postalCode: "45000",
    area: "Kampung Bukit Kuching",
    city: "Kuala Selangor",
    state: "Selangor",
    streets: [["Jalan", "Bukit Belimbing"]],
    buildings: [],
    networks: [],
  },
  {
    code: "JHR",
    postalCode: "81300",
    area: "Taman Universiti",
    city: "Skudai",
    state: "Johor",
    streets: [
      ["Jalan", "Pendidikan 3"],
      ["Jalan", "Kebudayaan 5"],
    ],
    buildings: [["Pangsapuri Sri Skudai", "Jalan", "Hang Tuah 1"]],
    networks: [FTTH_500, VDSL],
  },
  {
    code: "JHR",
    postalCode: "80250",
    area: "Taman Century",
    city: "Johor Bahru",
    state: "Johor",
    streets: [
      ["Jalan", "Harimau Tarum"],
      ["Jalan", "Serigala"],
    ],
    buildings: [["Menara Century", "Jalan", "Harimau"]],
    networks: [FTTH],
  },
  {
    code: "JHR",
    postalCode: "86000",
    area: "Taman Kluang Baru",
    city: "Kluang",
    state: "Johor",
    streets: [["Jalan", "Kluang Baru 2"]],
    buildings: [],
    networks: [],
  },
  {
    code: "PNG",
    postalCode: "10470",
    area: "Tanjung Tokong",
    city: "George Town",
    state: "Pulau Pinang",
    streets: [
      ["Jalan", "Tanjung Tokong"],
      ["Lorong", "Seri Tanjung Pinang"],
    ],
    buildings: [["Seri Tanjung Pinang Residensi", "Persiaran", "Seri Tanjung Pinang"]],
    networks: [FTTH, FTTB],
  },
  {
    code: "PNG",
    postalCode: "11900",
    area: "Bayan Lepas",
    city: "Bayan Lepas",
    state: "Pulau Pinang",
    streets: [
      ["Jalan", "Mahsuri"],
      ["Lebuh", "Bukit Jambul"],
    ],
    buildings: [["Pangsapuri Bukit Jambul", "Lorong", "Bukit Jambul"]],
    networks: [FTTH_500],
  },
  {
    code: "PRK",
    postalCode: "30450",
    area: "Greentown",
    city: "Ipoh",
    state: "Perak",
    streets: [
      ["Jalan", "Dato Seri Ahmad Said"],
      ["Persiaran", "Greentown 5"],
    ],
    buildings: [["Greentown Suites", "Persiaran", "Greentown 1"]],
    networks: [FTTH_500, VDSL],
  },
  {
    code: "PRK",
    postalCode: "34000",
    area: "Taman Kaya",
    city: "Taiping",
    state: "Perak",
    streets: [["Jalan", "Kaya 2"]],
    buildings: [],
    networks: [VDSL],
  },
  {
    code: "KDH",
    postalCode: "05150",
    area: "Taman Uda",
    city: "Alor Setar",
    state: "Kedah",
    streets: [
      ["Jalan", "Uda 5"],
      ["Lorong", "Uda Jaya"],
    ],
    buildings: [],
    networks: [VDSL],
  },
  {
    code: "PLS",
    postalCode: "01000",
    area: "Taman Seri Jaya",
    city: "Kangar",
    state: "Perlis",
    streets: [["Jalan", "Seri Jaya 1"]],
    buildings: [],
    networks: [VDSL],
  },
  {
    code: "KTN",
    postalCode: "15150",
    area: "Kampung Kubang Kerian",
    city: "Kota Bharu",
    state: "Kelantan",
    streets: [["Jalan", "Raja Perempuan Zainab II"]],
    buildings: [],
    networks: [FTTH_500],
  },
  {
    code: "TRG",
    postalCode: "20300",
    area: "Taman Sri Intan",
    city: "Kuala Terengganu",
    state: "Terengganu",
    streets: [["Jalan", "Sultan Omar"]],
    buildings: [["Pangsapuri Intan", "Jalan", "Sultan Omar"]],
    networks: [FTTH_500],
  },
  {
    code: "PHG",
    postalCode: "25200",
    area: "Taman Tas",
    city: "Kuantan",
    state: "Pahang",
    streets: [
      ["Jalan", "Tas 12"],
      ["Lorong", "Tas 3"],
    ],
    buildings: [],
    networks: [FTTH_500, VDSL],
  },
  {
    code: "PHG",
    postalCode: "39000",
    area: "Tanah Rata",
    city: "Cameron Highlands",
    state: "Pahang",
    streets: [["Jalan", "Besar"]],
    buildings: [],
    networks: [],
  },
  {
    code: "NSN",
    postalCode: "70450",
    area: "Taman Rasah Jaya",
    city: "Seremban",
    state: "Negeri Sembilan",
    streets: [["Jalan", "Rasah Jaya 4"]],
    buildings: [["Pangsapuri Rasah", "Jalan", "Rasah Jaya 1"]],
    networks: [FTTH],
  },
  {
    code: "MLK",
    postalCode: "75350",
    area: "Taman Kota Laksamana",
    city: "Melaka",
    state: "Melaka",
    streets: [
      ["Jalan", "KL 3/8"],
      ["Jalan", "KL 1/5"],
    ],
    buildings: [["Laksamana Residensi", "Jalan", "KL 3/1"]],
    networks: [FTTH_500],
  },
  {
    code: "SBH",
    postalCode: "88400",
    area: "Taman Luyang",
    city: "Kota Kinabalu",
    state: "Sabah",
    streets: [
      ["Jalan", "Kolam"],
      ["Lorong", "Luyang Perdana"],
    ],
    buildings: [["Pangsapuri Luyang", "Jalan", "Lintas"]],
    networks: [FTTB, VDSL],
  },
  {
    code: "SWK",
    postalCode: "93350",
    area: "Taman BDC",
    city: "Kuching",
    state: "Sarawak",
    streets: [
      ["Jalan", "Stutong"],
      ["Lorong", "BDC 4"],
    ],
    buildings: [["Stutong Heights", "Jalan", "Stutong Baru"]],
    networks: [FTTH_500],
  },
  {
    code: "SWK",
    postalCode: "98000",
    area: "Pujut",
    city: "Miri",
    state: "Sarawak",
    streets: [["Jalan", "Pujut 1"]],
    buildings: [],
    networks: [VDSL],
  },
];

/** The seeded address register: landed houses and building units across every state. */
export function addressSeed(): AddressSeed[] {
  const rows: AddressSeed[] = [];
  for (const l of LOCALITIES) {
    let n = 0;
    const id = () => `${l.code}-${l.postalCode}-${String(++n).padStart(6, "0")}`;
    for (const [streetType, streetName] of l.streets) {
      for (let house = 1; house <= 12; house += 1) {
        rows.push({
          id: id(),
          postalCode: l.postalCode,
          residenceType: 1,
          houseNumber: String(house * 2),
          streetType,
          streetName,
          area: l.area,
          city: l.city,
          state: l.state,
          fibreNetworks: l.networks,
        });
      }
    }
    for (const [buildingName, streetType, streetName] of l.buildings) {
      for (const block of ["A", "B"]) {
        for (let floor = 1; floor <= 5; floor += 2) {
          rows.push({
            id: id(),
            postalCode: l.postalCode,
            residenceType: 2,
            houseNumber: `${block}-${floor}-${(floor % 4) + 1}`,
            buildingName,
            streetType,
            streetName,
            area: l.area,
            city: l.city,
            state: l.state,
            fibreNetworks: l.networks,
          });
        }
      }
    }
  }
  return rows;
}
