// A game small enough to count by eye, for the language server's tests: each expected line, range
// and list of server.test.ts and scenario-server.test.ts is read off it. Lines, 0-based as in LSP:
//   9 the manifest of Gem cards, 12 zone bag, 14 points, 19 ask turn, 20 the option draw,
//   32 the score, 33 table bonus.
export const TINY = `game "Tiny" {
  players 2..3
}

enum Colour { red, blue }

card Gem {
  value: int
  colour: Colour
  cards for v in 1..3 { value: v, colour: Colour.red }
}

zone bag: Gem stack hidden = all Gem
per player zone hand: Gem pile owner
per player var points: int public = 0

flow {
  let turn = random_player()
  while count(bag) > 0 {
    ask turn {
      draw
        require points[turn] < 10 else "you have enough"
      {
        let gem = top(bag)
        move gem to hand[turn]
        points[turn] += gem.value
      }
    }
    turn = next(turn)
  }
}

score p: points[p] + bonus[count(hand[p])]
table bonus: int -> int { 0: 0, 1: 0, 2: 5, 3: 10 }
`;
