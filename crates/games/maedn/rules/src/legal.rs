//! Legal actions (MAEDN.md §3), in their order of obligation: a start
//! field to clear, then a piece to bring in on a 6, then any free move, and
//! a pass only when nothing else is legal. Allocation-free: at most one
//! choice per piece.

use super::*;
use crate::{Action, Direction, MoveClause, MoveOrder};

/// One legal action of the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Choice {
    /// `move.pass`.
    Pass,
    /// Bring the lowest-numbered piece in base onto the start field.
    Enter,
    /// Move piece G(k+1) by the die.
    Move(u8),
}

/// `enter`: bring a piece in (the lowest-numbered in base), maedn's own action.
pub fn bring_in() -> Action {
    Action::own(super::words::ENTER, Vec::new())
}

/// `enter G3`: this piece is the one brought in.
pub fn enter_action(piece: PieceId) -> Action {
    Action::own(super::words::ENTER, vec![piece])
}

impl Choice {
    /// The action a scenario would write for this choice.
    pub fn action(self) -> Action {
        match self {
            Choice::Pass => Action::NextTurn,
            Choice::Enter => bring_in(),
            Choice::Move(g) => Action::Move(MoveOrder {
                clauses: vec![MoveClause {
                    piece: PieceId::Numbered(g + 1),
                    rolls: Vec::new(),
                    direction: Direction::Forward,
                }],
            }),
        }
    }
}

/// As written after `expect legal:`: `pass`, `enter`, `G1`.
impl std::fmt::Display for Choice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Choice::Pass => f.write_str("pass"),
            Choice::Enter => f.write_str("enter"),
            Choice::Move(g) => write!(f, "G{}", g + 1),
        }
    }
}

/// The legal actions of a position (at most one per piece).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Legal {
    list: [Choice; 4],
    len: u8,
}

impl Legal {
    const EMPTY: Legal = Legal {
        list: [Choice::Pass; 4],
        len: 0,
    };
    fn one(c: Choice) -> Legal {
        let mut l = Legal::EMPTY;
        l.push(c);
        l
    }
    fn push(&mut self, c: Choice) {
        self.list[self.len as usize] = c;
        self.len += 1;
    }
    pub fn as_slice(&self) -> &[Choice] {
        &self.list[..self.len as usize]
    }
    pub fn contains(&self, c: Choice) -> bool {
        self.as_slice().contains(&c)
    }
}

/// Why a piece cannot move (`move.free`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Blocked {
    InBase,
    /// Its target route position lies past the last goal field.
    PastGoal(i8),
    /// Its target holds this own piece.
    Own(i8, usize),
}

/// The obligation that binds the player to move, if any.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Obligation {
    /// `start.clear`: the piece on the start field must move.
    ClearStart(usize),
    /// `enter.six`: a piece must be brought in.
    Enter,
}

impl Maedn {
    /// What binds `p` with `die` thrown: start.clear before enter.six.
    pub(super) fn obligation(&self, p: Player, die: u8) -> Option<Obligation> {
        if self.in_base(p) == 0 {
            return None;
        }
        match self.own_at(p, 0) {
            // start.clear: a piece in base and an own piece on the start
            // field that can move (its target holds no own piece).
            Some(g) if self.own_at(p, die as i8).is_none() => Some(Obligation::ClearStart(g)),
            // A blocked start piece frees the player to move any piece.
            Some(_) => None,
            // enter.six: a 6, a piece in base, no own piece on the start field.
            None if die == self.rules.params.dice.six => Some(Obligation::Enter),
            None => None,
        }
    }

    /// `move.free`: where piece `g` of `p` lands with `die`, or why it
    /// cannot (no words built: `legal` must not allocate).
    pub(super) fn target(&self, p: Player, g: usize, die: u8) -> Result<i8, Blocked> {
        let r = self.route[p.index()][g];
        if r == BASE {
            return Err(Blocked::InBase);
        }
        let t = r + die as i8;
        if t > self.rules.last() {
            return Err(Blocked::PastGoal(t));
        }
        match self.own_at(p, t) {
            Some(h) => Err(Blocked::Own(t, h)),
            None => Ok(t),
        }
    }

    /// Why piece `g` of `p` cannot move, in words.
    pub(super) fn blocked_words(&self, p: Player, g: usize, why: Blocked) -> String {
        let r = self.route[p.index()][g];
        match why {
            Blocked::InBase => format!("G{} is in base: a 6 brings it in with `enter`", g + 1),
            Blocked::PastGoal(t) => format!(
                "G{} on route {r} would go {} past goal {}",
                g + 1,
                t - self.rules.last(),
                self.rules.home_path()
            ),
            Blocked::Own(t, h) => {
                let at = match self.place_of(p, t) {
                    Place::HomePath(k) => format!("in goal {k}"),
                    other => other.to_string(),
                };
                format!("G{} would land {at} on G{}, its own piece", g + 1, h + 1)
            }
        }
    }

    /// The legal actions now (empty before the die is thrown and after the end).
    pub fn legal(&self) -> Legal {
        match self.die.filter(|_| self.winner.is_none()) {
            Some(die) => self.legal_on(die),
            None => Legal::EMPTY,
        }
    }

    /// The legal actions with `die` thrown (a throw sets only the die:
    /// `dice.one`).
    fn legal_on(&self, die: u8) -> Legal {
        let p = self.turn;
        match self.obligation(p, die) {
            Some(Obligation::ClearStart(g)) => return Legal::one(Choice::Move(g as u8)),
            Some(Obligation::Enter) => return Legal::one(Choice::Enter),
            None => {}
        }
        let mut legal = Legal::EMPTY;
        for g in 0..self.rules.pieces() {
            if self.target(p, g, die).is_ok() {
                legal.push(Choice::Move(g as u8));
            }
        }
        if legal.len == 0 {
            // move.pass: nothing else is legal.
            legal.push(Choice::Pass);
        }
        legal
    }
}

impl Maedn {
    /// MAEDN.md §3: the die is thrown next (six outcomes, as OpenSpiel),
    /// the player chooses, or the game is over.
    pub fn ply(&self) -> goti_engine::legal::Ply {
        use goti_engine::legal::Ply;
        if self.winner.is_some() {
            Ply::Over
        } else if self.die.is_none() {
            Ply::Chance(self.rules.throws.clone())
        } else {
            Ply::Choice
        }
    }

    /// Before a throw: the legal actions summed over the six outcomes,
    /// without throwing (perft's last two plies). A throw sets only the
    /// die, and after it the player always has an action (`move.pass`).
    pub fn leaves_after_throw(&self) -> Option<u64> {
        if self.winner.is_some() || self.die.is_some() {
            return None;
        }
        let faces = self.rules.params.dice.faces;
        Some((1..=faces).map(|d| self.legal_on(d).len as u64).sum())
    }

    /// Every action a player could name: `pass`, `enter`, `enter Gk` and
    /// `move Gk` for every piece (the brute force of the listing).
    pub fn legal_candidates(&self) -> Option<Vec<Action>> {
        let mut out = vec![Action::NextTurn, bring_in()];
        for g in 1..=4u8 {
            out.push(enter_action(PieceId::Numbered(g)));
            out.push(Choice::Move(g - 1).action());
        }
        Some(out)
    }

    /// An action in the rulebook's normal form, as scenario syntax.
    pub fn action_text(&self, a: &Action) -> String {
        goti_engine::legal::normal_text(a, <Self as crate::Game>::VOCABULARY)
    }

    /// The candidates are few and all tried ([`Self::legal_candidates`]):
    /// the first `n` of them, whatever the seed.
    pub fn legal_sample(&self, _seed: u64, n: usize) -> Vec<Action> {
        goti_engine::legal::first_candidates(self, n)
    }

    /// The legal actions' number (the listing's length).
    pub fn legal_count(&self, limit: usize) -> Result<u64, goti_engine::legal::Unlisted> {
        goti_engine::legal::count_of_listing(self, limit)
    }

    /// MAEDN.md §3: exactly OpenSpiel's legal actions (`enter`, a move of
    /// each piece that may move, or `pass`); none before the throw.
    pub fn legal_list(&self, limit: usize) -> Result<Vec<Action>, goti_engine::legal::Unlisted> {
        let list: Vec<Action> = self.legal().as_slice().iter().map(|c| c.action()).collect();
        if list.len() > limit {
            return Err(goti_engine::legal::Unlisted::TooMany { limit });
        }
        Ok(list)
    }
}

#[cfg(test)]
mod walk_tests {
    use super::*;

    /// The quiet path (`play_with` without events: in place, no copy) and
    /// `apply` agree on every candidate, refused ones included: the same
    /// verdict, the same position after, and a refusal changes nothing.
    #[test]
    fn quiet_play_agrees_with_apply_on_every_candidate() {
        let rules = MaednRules::new(crate::params::shipped::<crate::params::MaednParams>());
        let mut tried = 0;
        for players in [2, 4] {
            for seed in 0..20u64 {
                let mut pos =
                    Maedn::new_game(rules.clone(), &Player::ALL[..players], None).unwrap();
                let mut rng = seed * 7 + 1;
                for _ in 0..300 {
                    let mut candidates = pos.legal_candidates().unwrap();
                    candidates.extend((0..=7).map(|d| Action::Roll(vec![d])));
                    candidates.push(Action::Roll(vec![3, 4]));
                    for a in &candidates {
                        let applied = pos.apply(a, &mut Vec::new());
                        let mut quiet = pos.clone();
                        let ok = quiet.play_with(a, &mut crate::Quiet);
                        match applied {
                            Ok(next) => assert!(ok && quiet == next, "{a:?} from {pos:?}"),
                            Err(_) => assert!(!ok && quiet == pos, "{a:?} from {pos:?}"),
                        }
                        tried += 1;
                    }
                    let options: Vec<Action> = match pos.ply() {
                        goti_engine::legal::Ply::Over => break,
                        goti_engine::legal::Ply::Chance(o) => o.to_vec(),
                        goti_engine::legal::Ply::Choice => pos.legal_list(10).unwrap(),
                    };
                    rng = rng
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    let a = &options[(rng >> 33) as usize % options.len()];
                    assert!(pos.play_in_place(a, &mut Vec::new()));
                }
            }
        }
        assert!(tried > 100_000, "{tried} tried");
    }

    #[test]
    fn the_listing_is_what_the_rules_accept_on_random_walks() {
        let rules = MaednRules::new(crate::params::shipped::<crate::params::MaednParams>());
        let mut compared = goti_engine::legal::Compared::default();
        for players in [2, 3, 4] {
            let start = Maedn::new_game(rules.clone(), &Player::ALL[..players], None).unwrap();
            for seed in 0..30 {
                compared += goti_engine::legal::walk_and_compare(&start, 600, seed)
                    .unwrap_or_else(|e| panic!("{players} players, seed {seed}: {e}"));
            }
        }
        assert!(compared.nodes > 5000, "{compared:?}");
    }
}
